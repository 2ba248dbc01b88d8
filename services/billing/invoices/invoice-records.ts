import { requireId, type CustomerId, type InvoiceId, type SubscriptionId } from '../../../domain/ids';
import type { InvoiceLineType, InvoiceStatus } from '../../../domain/invoices';
import { formatDecimal, parseDecimal, toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { TenantSql } from '../../../infra/db/tenant-sql';

export interface InvoiceLineRecord {
  id: string;
  type: InvoiceLineType;
  description: string;
  /** Exact decimal, normalised ('1', '2.5'). */
  quantity: string;
  /** Exact decimal in major units, normalised ('30', '-14.97', '0.0004'). */
  unitAmount: string;
  amountMinor: bigint;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** USAGE lines: the billable metric they price (null on lines billed before metrics were recorded). */
  billableMetricId: string | null;
}

/** One coupon's discount on the invoice (`invoice_discounts`), as given when the invoice was made. */
export interface InvoiceDiscountRecord {
  couponId: string;
  /** The code at discount time, stored with the discount. */
  couponCode: string;
  amountMinor: bigint;
}

export interface InvoiceRecord {
  id: InvoiceId;
  number: string | null;
  status: InvoiceStatus;
  customerId: CustomerId;
  subscriptionId: SubscriptionId | null;
  currency: CurrencyCode;
  lines: InvoiceLineRecord[];
  subtotalMinor: bigint;
  discountMinor: bigint;
  /** Per coupon, in the order applied; sums to `discountMinor`. Empty when nothing was discounted. */
  discounts: InvoiceDiscountRecord[];
  taxMinor: bigint;
  totalMinor: bigint;
  amountCreditedMinor: bigint;
  /** What wallet credits paid at finalize (0 until then, and on credit-purchase invoices). */
  prepaidCreditAmountMinor: bigint;
  amountPaidMinor: bigint;
  amountDueMinor: bigint;
  issuedAt: Date | null;
  dueDate: Date | null;
  paidAt: Date | null;
  voidedAt: Date | null;
  finalizeAfter: Date | null;
  metadata: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

type Instant = Date | string;
type MinorUnits = string | number | bigint;

export interface InvoiceRow {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  customer_id: string;
  subscription_id: string | null;
  currency: string;
  subtotal_minor: MinorUnits;
  discount_minor: MinorUnits;
  tax_minor: MinorUnits;
  total_minor: MinorUnits;
  amount_credited_minor: MinorUnits;
  prepaid_credit_amount_minor: MinorUnits;
  amount_paid_minor: MinorUnits;
  amount_due_minor: MinorUnits;
  issued_at: Instant | null;
  due_date: Instant | null;
  paid_at: Instant | null;
  voided_at: Instant | null;
  finalize_after: Instant | null;
  metadata: unknown;
  created_at: Instant;
  updated_at: Instant;
}

export interface InvoiceLineRow {
  id: string;
  invoice_id: string;
  type: InvoiceLineType;
  description: string;
  quantity: string;
  unit_amount: string;
  amount_minor: MinorUnits;
  period_start: Instant | null;
  period_end: Instant | null;
  billable_metric_id: string | null;
}

export const INVOICE_COLUMNS =
  'id, number, status, customer_id, subscription_id, currency, subtotal_minor, discount_minor, tax_minor, ' +
  'total_minor, amount_credited_minor, prepaid_credit_amount_minor, amount_paid_minor, amount_due_minor, issued_at, due_date, paid_at, voided_at, ' +
  'finalize_after, metadata, created_at, updated_at';
export const INVOICE_LINE_COLUMNS =
  'id, invoice_id, type, description, quantity::text as quantity, unit_amount::text as unit_amount, amount_minor, ' +
  'period_start, period_end, billable_metric_id';

export type InvoiceTable =
  | 'invoices'
  | 'invoice_lines'
  | 'invoice_discounts'
  | 'applied_coupons'
  | 'coupons'
  | 'payments'
  | 'customers'
  | 'test_clocks'
  | 'subscriptions'
  | 'plans'
  | 'customer_credit_entries'
  | 'webhook_events'
  // A usage close and a DRAFT's finalize price the segment's usage (services/billing/usage-pricing) in the invoice's transaction.
  | 'usage_segments'
  | 'events'
  | 'charges'
  | 'billable_metrics'
  | 'plan_prices'
  // Finalize spends wallet credits, a void returns them, a purchase invoice's outcome settles or fails its credits.
  | 'wallets'
  | 'wallet_transactions'
  | 'wallet_transaction_takes';

export type InvoiceSql = TenantSql<InvoiceTable>;

const dateOrNull = (value: Instant | null): Date | null => (value === null ? null : new Date(value));

/** PostgreSQL prints numerics with their stored scale ('1.00'); records carry the normal form ('1'). */
export function normaliseDecimalText(text: string): string {
  const parsed = parseDecimal(text, Number.MAX_SAFE_INTEGER);
  if (!parsed.ok) throw new Error(`stored decimal is not a decimal: ${text}`);
  return formatDecimal(parsed.value);
}

function metadataOf(value: unknown): Record<string, string> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).map(([key, text]) => [key, String(text)]));
}

export function toInvoiceLineRecord(row: InvoiceLineRow): InvoiceLineRecord {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    quantity: normaliseDecimalText(row.quantity),
    unitAmount: normaliseDecimalText(row.unit_amount),
    amountMinor: BigInt(row.amount_minor),
    periodStart: dateOrNull(row.period_start),
    periodEnd: dateOrNull(row.period_end),
    billableMetricId: row.billable_metric_id ?? null,
  };
}

/**
 * `lines` are the invoice's own lines in position order, `discounts` its coupon discounts in the order applied
 * (`findInvoiceDiscounts`); both are required so that no record (nor the event built from it) omits them.
 */
export function toInvoiceRecord(
  row: InvoiceRow,
  lines: readonly InvoiceLineRow[],
  discounts: readonly InvoiceDiscountRecord[],
): InvoiceRecord {
  return {
    id: requireId('invoice', row.id),
    number: row.number,
    status: row.status,
    customerId: requireId('customer', row.customer_id),
    subscriptionId: row.subscription_id === null ? null : requireId('subscription', row.subscription_id),
    currency: toCurrencyCode(row.currency),
    lines: lines.map(toInvoiceLineRecord),
    subtotalMinor: BigInt(row.subtotal_minor),
    discountMinor: BigInt(row.discount_minor),
    discounts: [...discounts],
    taxMinor: BigInt(row.tax_minor),
    totalMinor: BigInt(row.total_minor),
    amountCreditedMinor: BigInt(row.amount_credited_minor),
    prepaidCreditAmountMinor: BigInt(row.prepaid_credit_amount_minor),
    amountPaidMinor: BigInt(row.amount_paid_minor),
    amountDueMinor: BigInt(row.amount_due_minor),
    issuedAt: dateOrNull(row.issued_at),
    dueDate: dateOrNull(row.due_date),
    paidAt: dateOrNull(row.paid_at),
    voidedAt: dateOrNull(row.voided_at),
    finalizeAfter: dateOrNull(row.finalize_after),
    metadata: metadataOf(row.metadata),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
