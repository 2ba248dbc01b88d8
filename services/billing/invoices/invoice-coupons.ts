import {
  computeCouponDiscounts,
  consumeCoupon,
  discountBase,
  type AppliedDiscount,
  type DiscountCandidate,
  type InvoiceLineType,
} from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { InvoiceDiscountRecord } from './invoice-records';
import { couponOfApplication, lockDiscountCandidates, recordCouponConsumption } from '../../catalog/coupons';
import { findSubscription } from '../subscriptions';

type CouponTable = 'applied_coupons' | 'coupons' | 'invoice_discounts' | 'subscriptions';
type CouponSql = TenantSql<CouponTable>;

/** What of a new invoice decides its discount. */
export interface DiscountableInvoice {
  customerId: string;
  currency: CurrencyCode;
  subscriptionId?: string | null;
  planId?: string | null;
  lines: readonly { type: InvoiceLineType; amountMinor: bigint }[];
}

/** The discounts a new invoice gets, with the applied coupons they came from (locked by the transaction). */
export interface InvoiceDiscounts {
  discounts: AppliedDiscount[];
  candidates: DiscountCandidate[];
}

const NO_DISCOUNTS: InvoiceDiscounts = { discounts: [], candidates: [] };

async function planOf(
  sql: CouponSql,
  transaction: SqlTransaction,
  invoice: DiscountableInvoice,
): Promise<string | null> {
  if (invoice.planId !== undefined && invoice.planId !== null) return invoice.planId;
  if (invoice.subscriptionId === undefined || invoice.subscriptionId === null) return null;
  const subscription = await findSubscription(sql, invoice.subscriptionId, { transaction });
  return subscription?.planId ?? null;
}

/**
 * The discounts of a new invoice, on its discount base (the domain's rule: a subscription invoice's SUBSCRIPTION
 * lines). Call before inserting the invoice, in its transaction.
 */
export async function planInvoiceDiscounts(
  sql: CouponSql,
  transaction: SqlTransaction,
  invoice: DiscountableInvoice,
): Promise<InvoiceDiscounts> {
  const baseMinor = discountBase({ subscriptionId: invoice.subscriptionId ?? null, lines: invoice.lines });
  if (baseMinor <= 0n) return NO_DISCOUNTS;
  const candidates = await lockDiscountCandidates(sql, transaction, invoice.customerId);
  if (candidates.length === 0) return NO_DISCOUNTS;
  const planId = await planOf(sql, transaction, invoice);
  const discounts = computeCouponDiscounts({ baseMinor, currency: invoice.currency, planId, candidates });
  return { discounts, candidates };
}

/**
 * Records the discounts of the invoice just inserted and consumes the applied coupons that gave them (ONCE ends,
 * RECURRING counts down, FOREVER stays). Same transaction as the insert, so the invoice's idempotency key makes the
 * consumption exactly-once too.
 */
export async function recordInvoiceDiscounts(
  sql: CouponSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; planned: InvoiceDiscounts; now: Date },
): Promise<void> {
  for (const [position, discount] of input.planned.discounts.entries()) {
    await sql.query(
      `insert into ${sql.table('invoice_discounts')} (invoice_id, applied_coupon_id, position, amount_minor,
         coupon_code)
       values (?, ?, ?, ?::bigint, ?)`,
      [input.invoiceId, discount.appliedCouponId, position, discount.amountMinor.toString(), discount.couponCode],
      transaction,
    );
    const candidate = input.planned.candidates.find((each) => each.appliedCouponId === discount.appliedCouponId);
    if (candidate === undefined) throw new Error(`discount from unknown applied coupon ${discount.appliedCouponId}`);
    await recordCouponConsumption(sql, transaction, { consumed: consumeCoupon(candidate), now: input.now });
  }
}

/**
 * The discounts of the given invoices in one query, grouped by invoice, each group in the order applied. The code is
 * the one stored at discount time; the coupon id comes through the application, which is never deleted.
 */
export async function findInvoiceDiscounts(
  sql: TenantSql<'invoice_discounts' | 'applied_coupons'>,
  invoiceIds: readonly string[],
  transaction?: SqlTransaction,
): Promise<Map<string, InvoiceDiscountRecord[]>> {
  const grouped = new Map<string, InvoiceDiscountRecord[]>();
  if (invoiceIds.length === 0) return grouped;
  const rows = await sql.query<{ invoice_id: string; coupon_id: string; coupon_code: string; amount_minor: string }>(
    `select d.invoice_id, ${couponOfApplication(sql, 'd.applied_coupon_id')} as coupon_id, d.coupon_code,
            d.amount_minor::text as amount_minor
       from ${sql.table('invoice_discounts')} d
      where d.invoice_id in (${invoiceIds.map(() => '?').join(', ')})
      order by d.invoice_id, d.position`,
    invoiceIds,
    transaction,
  );
  for (const row of rows) {
    const discount = { couponId: row.coupon_id, couponCode: row.coupon_code, amountMinor: BigInt(row.amount_minor) };
    grouped.set(row.invoice_id, [...(grouped.get(row.invoice_id) ?? []), discount]);
  }
  return grouped;
}
