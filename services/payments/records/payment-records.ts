import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { PaymentProvider, PaymentStatus } from '../../../domain/payments';
import type { TenantSql } from '../../../infra/db/tenant-sql';

export interface PaymentRecord {
  id: string;
  invoiceId: string;
  customerId: string;
  /** What the provider confirmed taking (before that: what was asked), in `currency`. */
  amountMinor: bigint;
  amountRefundedMinor: bigint;
  currency: CurrencyCode;
  /** What the checkout asked for; differs from `amountMinor`/`currency` when the provider took something else. */
  requestedAmountMinor: bigint;
  requestedCurrency: CurrencyCode;
  /** What of the payment still pays its own invoice (the rest became customer credit or went back in refunds). */
  amountAppliedMinor: bigint;
  provider: PaymentProvider;
  status: PaymentStatus;
  providerReference: string | null;
  failureReason: string | null;
  metadata: Record<string, string>;
  /** The provider configuration used (null for MANUAL). */
  providerId: string | null;
  checkoutUrl: string | null;
  expiresAt: Date | null;
  succeededAt: Date | null;
  failedAt: Date | null;
  /** The provider's id of the checkout: Stripe session, Paystack access code, M-Pesa CheckoutRequestID. */
  providerCheckoutId: string | null;
  /** SHA-256 hex of the secret token in the callback URL (M-Pesa); never shown. */
  callbackTokenHash: string | null;
  phoneNumber: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentRow {
  id: string;
  invoice_id: string;
  customer_id: string;
  amount_minor: string | number | bigint;
  amount_refunded_minor: string | number | bigint;
  currency: string;
  requested_amount_minor: string | number | bigint | null;
  requested_currency: string | null;
  amount_applied_minor: string | number | bigint;
  provider: PaymentProvider;
  status: PaymentStatus;
  provider_reference: string | null;
  failure_reason: string | null;
  metadata: unknown;
  provider_id: string | null;
  checkout_url: string | null;
  expires_at: Date | string | null;
  succeeded_at: Date | string | null;
  failed_at: Date | string | null;
  provider_checkout_id: string | null;
  callback_token_hash: string | null;
  phone_number: string | null;
  success_url: string | null;
  cancel_url: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const PAYMENT_COLUMNS =
  'id, invoice_id, customer_id, amount_minor, amount_refunded_minor, currency, requested_amount_minor, ' +
  'requested_currency, amount_applied_minor, provider, status, ' +
  'provider_reference, failure_reason, metadata, provider_id, checkout_url, expires_at, succeeded_at, failed_at, ' +
  'provider_checkout_id, callback_token_hash, phone_number, success_url, cancel_url, created_at, updated_at';

export type PaymentSql = TenantSql<'payments'>;

function metadataOf(value: unknown): Record<string, string> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).map(([key, text]) => [key, String(text)]));
}

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    customerId: row.customer_id,
    amountMinor: BigInt(row.amount_minor),
    amountRefundedMinor: BigInt(row.amount_refunded_minor),
    currency: toCurrencyCode(row.currency),
    requestedAmountMinor: BigInt(row.requested_amount_minor ?? row.amount_minor),
    requestedCurrency: toCurrencyCode(row.requested_currency ?? row.currency),
    amountAppliedMinor: BigInt(row.amount_applied_minor),
    provider: row.provider,
    status: row.status,
    providerReference: row.provider_reference,
    failureReason: row.failure_reason,
    metadata: metadataOf(row.metadata),
    providerId: row.provider_id,
    checkoutUrl: row.checkout_url,
    expiresAt: dateOrNull(row.expires_at),
    succeededAt: dateOrNull(row.succeeded_at),
    failedAt: dateOrNull(row.failed_at),
    providerCheckoutId: row.provider_checkout_id,
    callbackTokenHash: row.callback_token_hash,
    phoneNumber: row.phone_number,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
