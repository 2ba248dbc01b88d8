import type { ProviderRefundOutcome } from '../../domain/payments';
import type { CheckoutState } from './messages';

/**
 * What the payment workflow's activities take and return (JSON: money as strings of minor units, dates as ISO
 * strings). `at` is workflow time: business time of the step, replay-safe, and skipped in tests.
 */

export interface PaymentRef {
  tenantId: string;
  paymentId: string;
}

/** One stored provider notification of the payment (`payment_events`), by the provider's event id. */
export interface PaymentNotificationRef extends PaymentRef {
  eventId: string;
}

export interface PaymentSnapshot {
  status: string;
  provider: string;
  /** The checkout is created once: set when the provider answered (checkout URL or its own checkout id). */
  checkout: CheckoutState | null;
  expiresAt: string | null;
  /**
   * The customer's test clock and its time: the checkout expires on its time. Null or absent for an ordinary
   * customer (and in results recorded before test clocks).
   */
  testClock?: { clockId: string; frozenTime: string } | null;
}

export type VerificationResult =
  | { status: 'succeeded'; amountMinor: string; currency: string; providerReference: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending' };

export interface SettleInput extends PaymentRef {
  amountMinor: string;
  currency: string;
  providerReference: string;
  at: string;
}

export type SettleResult =
  | {
      outcome: 'applied';
      invoiceId: string;
      invoicePaid: boolean;
      subscriptionId: string | null;
      creditedMinor: string;
    }
  | { outcome: 'already_settled' }
  | { outcome: 'mismatch'; reason: string }
  | { outcome: 'not_found' };

export interface FailInput extends PaymentRef {
  reason: string;
  at: string;
  /** `payment.failed` for a payer's or provider's failure; none for an expired checkout (CONTRACT §11). */
  notify: boolean;
}

export interface RefundNotificationInput extends PaymentRef {
  refundId: string | null;
  providerRefundId: string | null;
  /** Minor units, when the notification states the amount. */
  amountMinor?: string | null;
  outcome: ProviderRefundOutcome;
  failureReason: string | null;
  at: string;
}

/** What a refund notification did: settled the refund, changed nothing (a repeat, not ours), or was contradicted by
 *  the provider's refund API (nothing applied; the notification is forgotten). */
export type RefundResultOutcome = 'applied' | 'unchanged' | 'contradicted';
