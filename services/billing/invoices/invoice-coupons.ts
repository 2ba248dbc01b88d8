import {
  composeAtCreation,
  consumeCoupon,
  hasDiscountableLines,
  reapplyCoupons,
  totalDiscount,
  type CreationComposition,
  type DiscountableLine,
  type DiscountCandidate,
} from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { InvoiceDiscountRecord } from './invoice-records';
import {
  couponOfApplication,
  findDiscountCandidates,
  lockDiscountCandidates,
  recordCouponConsumption,
} from '../../catalog/coupons';
import { findSubscription } from '../subscriptions';

type CouponTable = 'applied_coupons' | 'coupons' | 'invoice_discounts' | 'subscriptions';
type CouponSql = TenantSql<CouponTable>;

/** What of a new invoice decides its amounts at creation. */
export interface InvoiceToDiscount {
  customerId: string;
  currency: CurrencyCode;
  subscriptionId?: string | null;
  planId?: string | null;
  lines: readonly DiscountableLine[];
}

/** A new invoice's amounts (the domain's creation step), with the applied coupons its discounts came from. */
export interface PlannedInvoice {
  composition: CreationComposition;
  /** Locked by the transaction: what `recordInvoiceDiscounts` consumes. */
  candidates: DiscountCandidate[];
}

async function planOf(sql: CouponSql, transaction: SqlTransaction, invoice: InvoiceToDiscount): Promise<string | null> {
  if (invoice.planId !== undefined && invoice.planId !== null) return invoice.planId;
  if (invoice.subscriptionId === undefined || invoice.subscriptionId === null) return null;
  const subscription = await findSubscription(sql, invoice.subscriptionId, { transaction });
  return subscription?.planId ?? null;
}

/**
 * A new invoice's amounts at creation: lines, then the customer's ACTIVE applied coupons in the order applied (each
 * on the running amount of the lines it discounts), tax, total. The coupons are read (and locked) only when a line
 * could be discounted at all. Call before inserting the invoice, in its transaction.
 */
export async function planNewInvoice(
  sql: CouponSql,
  transaction: SqlTransaction,
  invoice: InvoiceToDiscount,
): Promise<PlannedInvoice> {
  const subscriptionId = invoice.subscriptionId ?? null;
  const discountable = hasDiscountableLines({ subscriptionId, lines: invoice.lines });
  const candidates = discountable ? await lockDiscountCandidates(sql, transaction, invoice.customerId) : [];
  const planId = candidates.length === 0 ? null : await planOf(sql, transaction, invoice);
  const composition = composeAtCreation({
    currency: invoice.currency,
    subscriptionId,
    planId,
    lines: invoice.lines,
    coupons: candidates,
  });
  return { composition, candidates };
}

/**
 * Records the discounts of the invoice just inserted and consumes the applied coupons that gave them (ONCE ends,
 * RECURRING counts down, FOREVER stays). Same transaction as the insert, so the invoice's idempotency key makes the
 * consumption exactly-once too.
 */
export async function recordInvoiceDiscounts(
  sql: CouponSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; planned: PlannedInvoice; now: Date },
): Promise<void> {
  for (const [position, discount] of input.planned.composition.discounts.entries()) {
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

/**
 * A DRAFT's discounts again, on its lines as they are now (its usage priced again at finalize): the coupons it took
 * at creation, in their order, each re-priced on the running amount of its lines, so a coupon limited to a metric
 * follows that metric's usage and no line goes below zero. No coupon is taken or consumed again; one left with nothing
 * to discount loses its row. Returns the new discount.
 */
export async function repriceInvoiceDiscounts(
  sql: CouponSql,
  transaction: SqlTransaction,
  invoice: { id: string; currency: CurrencyCode; subscriptionId: string | null; lines: readonly DiscountableLine[] },
): Promise<bigint> {
  const taken = await sql.query<{ applied_coupon_id: string }>(
    `select applied_coupon_id from ${sql.table('invoice_discounts')} where invoice_id = ? order by position`,
    [invoice.id],
    transaction,
  );
  if (taken.length === 0) return 0n;
  const coupons = await findDiscountCandidates(
    sql,
    transaction,
    taken.map((row) => row.applied_coupon_id),
  );
  const discounts = reapplyCoupons({ ...invoice, planId: null, coupons });
  for (const { applied_coupon_id: appliedCouponId } of taken) {
    const amountMinor = discounts.find((each) => each.appliedCouponId === appliedCouponId)?.amountMinor ?? 0n;
    await rewriteDiscount(sql, transaction, { invoiceId: invoice.id, appliedCouponId, amountMinor });
  }
  return totalDiscount(discounts);
}

async function rewriteDiscount(
  sql: CouponSql,
  transaction: SqlTransaction,
  discount: { invoiceId: string; appliedCouponId: string; amountMinor: bigint },
): Promise<void> {
  const table = sql.table('invoice_discounts');
  const key = [discount.invoiceId, discount.appliedCouponId];
  if (discount.amountMinor <= 0n) {
    await sql.query(`delete from ${table} where invoice_id = ? and applied_coupon_id = ?`, key, transaction);
    return;
  }
  await sql.query(
    `update ${table} set amount_minor = ?::bigint where invoice_id = ? and applied_coupon_id = ?`,
    [discount.amountMinor.toString(), ...key],
    transaction,
  );
}
