import type { CurrencyCode } from '../../../domain/money';
import type { Clock } from '../../../domain/clock';
import type { ProviderKind, ProviderPaymentOutcome, ProviderRefundOutcome } from '../../../domain/payments';

/**
 * One provider's payment API behind the interface every payment flow uses (issue 17): checkout, verification,
 * refund and inbound notifications. Amounts are integer minor units of the ISO 4217 exponent; each adapter converts
 * to the provider's own unit (Stripe's smallest unit, Paystack's subunit, Flutterwave's and M-Pesa's major units).
 */
export interface PaymentGateway {
  readonly provider: ProviderKind;
  /** The currencies the provider takes, upper case; a configuration's `supportedCurrencies` narrows it further. */
  readonly currencies: ReadonlySet<string>;
  createCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /**
   * Ends an open checkout so that its page can no longer be paid (Stripe expires the Checkout Session), where the
   * provider has such a call: `ended` (also when it had already expired), or `not_open` when the payer completed it
   * first (paid, or a delayed method still in flight: verification decides what it brings).
   */
  endCheckout?(query: { reference: string; providerCheckoutId: string }): Promise<'ended' | 'not_open'>;
  /** Asks the provider's own API how the payment stands (never trusts a notification's body for money). */
  verifyPayment(query: VerificationQuery): Promise<VerifiedPayment>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** A repeated refund call with the same `refundId` gets the refund already made back, never a second one. */
  readonly refundCallsIdempotent?: true;
  /** Asks the provider's own API how one of its refunds stands, where it has such an API (Stripe, Paystack). */
  verifyRefund?(query: { providerRefundId: string }): Promise<VerifiedRefund>;
  /** Our payment reference from an unverified notification: the only thing read before the signature is checked. */
  referenceOf(notification: InboundNotification): string | null;
  /** Checks the provider's signature scheme (CONTRACT §11) and parses the event; null when the check fails. */
  verifyNotification(notification: InboundNotification, secrets: NotificationSecrets): ParsedNotification | null;
}

export interface CheckoutRequest {
  /** Our reference for the payment (the payment id): the provider carries it back in notifications. */
  reference: string;
  amountMinor: bigint;
  currency: CurrencyCode;
  /** Shown to the payer (the invoice number). */
  description: string;
  customerEmail: string | null;
  /** E.164, required by M-Pesa (the STK push goes to this phone). */
  phoneNumber: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  /** Absolute URL where the provider posts its notification when the protocol takes one per request (M-Pesa). */
  callbackUrl: string;
  expiresAt: Date;
  /** Sent as the provider's idempotency key where it has one (Stripe `Idempotency-Key`). */
  idempotencyKey: string;
}

export interface CheckoutResult {
  /** The hosted page the payer opens; null for M-Pesa (the phone is prompted). */
  checkoutUrl: string | null;
  /** The provider's id of what was created (Stripe session id, Paystack access code, M-Pesa CheckoutRequestID). */
  providerCheckoutId: string | null;
  expiresAt: Date;
}

export interface VerificationQuery {
  reference: string;
  /** What `createCheckout` returned as `providerCheckoutId` (Stripe session, M-Pesa CheckoutRequestID). */
  providerCheckoutId: string | null;
  amountMinor: bigint;
  currency: CurrencyCode;
}

export type VerifiedPayment =
  | {
      status: 'succeeded';
      amountMinor: bigint;
      currency: CurrencyCode;
      /** The provider's id of the captured payment, what a refund names (PaymentIntent, transaction id, receipt). */
      providerReference: string;
    }
  | { status: 'failed'; reason: string; providerReference: string | null }
  | { status: 'pending' };

export interface RefundRequest {
  /** Our refund id (`re_…`): metadata and idempotency key where the provider takes them. */
  refundId: string;
  paymentReference: string;
  /** `VerifiedPayment.providerReference` of the captured payment. */
  providerReference: string;
  amountMinor: bigint;
  currency: CurrencyCode;
  reason: string | null;
  /** Where an asynchronous result is posted (M-Pesa reversal ResultURL and QueueTimeOutURL). */
  callbackUrl: string;
}

export type RefundResult =
  | { status: 'succeeded' | 'pending'; providerRefundId: string | null }
  | { status: 'failed'; reason: string; providerRefundId: string | null };

/** A refund as the provider's API reports it. */
export type VerifiedRefund = { status: 'succeeded' | 'pending' } | { status: 'failed'; reason: string };

/** An inbound POST as it arrived: the raw bytes (signatures are over them), lower-case headers, the query string. */
export interface InboundNotification {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string | undefined>>;
  receivedAt: Date;
}

export interface NotificationSecrets {
  /** The tenant's credentials for this provider (decrypted): Stripe webhookSecret, Paystack secretKey, … */
  credentials: Record<string, string>;
  /** M-Pesa: SHA-256 hex of the payment's callback token (the callback URL's `token`), compared in constant time. */
  callbackTokenHash: string | null;
}

/** What a verified notification says; `eventId` is the provider's own, unique per provider. */
export type ParsedNotification =
  | {
      kind: 'payment';
      eventId: string;
      type: string;
      reference: string;
      /** `succeeded` still goes through `verifyPayment` before any money is applied. */
      outcome: ProviderPaymentOutcome;
      failureReason: string | null;
      /** The captured payment's id when only the notification carries it (M-Pesa: the callback's
       *  MpesaReceiptNumber, which a reversal names and the STK query never returns). */
      providerReference?: string;
    }
  | {
      kind: 'refund';
      eventId: string;
      type: string;
      reference: string;
      /** Our `re_…` id when the provider echoes it (metadata, callback URL), else the provider's refund id. */
      refundId: string | null;
      providerRefundId: string | null;
      /** The refunded amount in minor units when the body states it (Paystack): a last way to match the refund. */
      amountMinor?: bigint;
      outcome: ProviderRefundOutcome;
      failureReason: string | null;
    }
  | { kind: 'ignored'; eventId: string; type: string; reference: string | null };

/** A provider refused or failed a call; `retryable` for 5xx, 429 and network errors. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode: number | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** What every adapter is built with, besides its credentials. */
export interface GatewayOptions {
  /** The configuration's `apiBaseUrl` (tests, proxies); null: the provider's real API. */
  apiBaseUrl: string | null;
  /** Operator setting: a tenant's `apiBaseUrl` may name a private address (tests, development). */
  allowPrivateTargets: boolean;
  clock: Clock;
  timeoutMs?: number;
  /** The platform's public origin (`API_PUBLIC_URL`): where the sandbox provider is served. */
  platformUrl?: string;
}
