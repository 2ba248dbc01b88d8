import { presentMajorUnits } from '../../../domain/money';
import type { PaymentRecord } from './payment-records';

/** A type alias, not an interface, so that a view is also a `Record<string, unknown>` (outbox event data). */
export type PaymentView = {
  id: string;
  invoiceId: string;
  customerId: string;
  amount: number;
  currency: string;
  requestedAmount: number;
  requestedCurrency: string;
  amountApplied: number;
  provider: PaymentRecord['provider'];
  status: PaymentRecord['status'];
  amountRefunded: number;
  providerReference: string | null;
  failureReason: string | null;
  metadata: Record<string, string>;
  checkoutUrl: string | null;
  expiresAt: string | null;
  succeededAt: string | null;
  failedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What `payment.*` webhook events carry (SPEC §6.1): a subset of the record, amount in major units. */
export type PaymentEventData = Pick<PaymentView, 'id' | 'invoiceId' | 'amount' | 'currency' | 'provider' | 'status'>;

export function paymentEventData(payment: PaymentRecord): PaymentEventData {
  const { id, invoiceId, amount, currency, provider, status } = paymentView(payment);
  return { id, invoiceId, amount, currency, provider, status };
}

/** The payment exactly as the API presents it (SPEC §2.9 plus CONTRACT §7). */
export function paymentView(payment: PaymentRecord): PaymentView {
  const money = (amount: bigint): number => presentMajorUnits({ amount, currency: payment.currency });
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    customerId: payment.customerId,
    amount: money(payment.amountMinor),
    currency: payment.currency,
    requestedAmount: presentMajorUnits({ amount: payment.requestedAmountMinor, currency: payment.requestedCurrency }),
    requestedCurrency: payment.requestedCurrency,
    amountApplied: money(payment.amountAppliedMinor),
    provider: payment.provider,
    status: payment.status,
    amountRefunded: money(payment.amountRefundedMinor),
    providerReference: payment.providerReference,
    failureReason: payment.failureReason,
    metadata: payment.metadata,
    checkoutUrl: payment.checkoutUrl,
    expiresAt: payment.expiresAt?.toISOString() ?? null,
    succeededAt: payment.succeededAt?.toISOString() ?? null,
    failedAt: payment.failedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
  };
}
