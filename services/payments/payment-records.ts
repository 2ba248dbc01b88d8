import { toCurrencyCode, type CurrencyCode } from '../../domain/money';
import type { PaymentStatus } from '../../domain/payments';
import type { TenantSql } from '../../infra/db/tenant-sql';

export const PAYMENT_PROVIDERS = ['STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA', 'MANUAL'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export interface PaymentRecord {
  id: string;
  invoiceId: string;
  customerId: string;
  amountMinor: bigint;
  amountRefundedMinor: bigint;
  currency: CurrencyCode;
  provider: PaymentProvider;
  status: PaymentStatus;
  providerReference: string | null;
  failureReason: string | null;
  metadata: Record<string, string>;
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
  provider: PaymentProvider;
  status: PaymentStatus;
  provider_reference: string | null;
  failure_reason: string | null;
  metadata: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export const PAYMENT_COLUMNS =
  'id, invoice_id, customer_id, amount_minor, amount_refunded_minor, currency, provider, status, ' +
  'provider_reference, failure_reason, metadata, created_at, updated_at';

export type PaymentSql = TenantSql<'payments'>;

function metadataOf(value: unknown): Record<string, string> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).map(([key, text]) => [key, String(text)]));
}

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    customerId: row.customer_id,
    amountMinor: BigInt(row.amount_minor),
    amountRefundedMinor: BigInt(row.amount_refunded_minor),
    currency: toCurrencyCode(row.currency),
    provider: row.provider,
    status: row.status,
    providerReference: row.provider_reference,
    failureReason: row.failure_reason,
    metadata: metadataOf(row.metadata),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
