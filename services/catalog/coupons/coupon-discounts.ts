import type { CouponFrequency, CouponTerms, DiscountType } from '../../../domain/coupons';
import type { CouponConsumption, DiscountCandidate } from '../../../domain/invoices';
import { toCurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { idsOf } from './coupon-records';

type CouponTables = TenantSql<'applied_coupons' | 'coupons'>;

interface CandidateRow {
  id: string;
  code: string;
  discount_type: DiscountType;
  percentage: string | null;
  amount_minor: string | number | null;
  currency: string | null;
  frequency: CouponFrequency;
  frequency_duration: number | null;
  remaining_periods: number | null;
  plan_ids: unknown;
  billable_metric_ids: unknown;
}

const CANDIDATE_COLUMNS = `a.id, c.code, c.discount_type, c.percentage::text as percentage, c.amount_minor, c.currency,
  c.frequency, c.frequency_duration, a.remaining_periods, c.plan_ids, c.billable_metric_ids`;

function termsOf(row: CandidateRow): CouponTerms {
  if (row.discount_type === 'PERCENTAGE') return { discountType: 'PERCENTAGE', percentage: String(row.percentage) };
  return {
    discountType: 'FIXED_AMOUNT',
    amountMinor: BigInt(row.amount_minor ?? 0),
    currency: toCurrencyCode(String(row.currency)),
  };
}

function toCandidate(row: CandidateRow): DiscountCandidate {
  return {
    appliedCouponId: row.id,
    couponCode: row.code,
    terms: termsOf(row),
    frequency: row.frequency,
    remainingPeriods: row.remaining_periods,
    frequencyDuration: row.frequency_duration,
    planIds: idsOf(row.plan_ids),
    billableMetricIds: idsOf(row.billable_metric_ids),
  };
}

/**
 * The customer's ACTIVE applied coupons as an invoice's discount candidates, oldest application first, locked until
 * the transaction ends: a concurrent invoice of the same customer waits here and then sees what this one consumed (a
 * ONCE coupon is gone). Coupons soft-deleted, deactivated or expired after they were applied still honour the
 * application (their terms are kept).
 */
export async function lockDiscountCandidates(
  sql: CouponTables,
  transaction: SqlTransaction,
  customerId: string,
): Promise<DiscountCandidate[]> {
  const rows = await sql.query<CandidateRow>(
    `select ${CANDIDATE_COLUMNS}
       from ${sql.table('applied_coupons')} a join ${sql.table('coupons')} c on c.id = a.coupon_id
      where a.customer_id = ? and a.status = 'ACTIVE'
      order by a.created_at, a.id
        for update of a`,
    [customerId],
    transaction,
  );
  return rows.map(toCandidate);
}

/**
 * The applied coupons of the given ids as discount candidates, in the order of `appliedCouponIds`, whatever their
 * status now: an invoice re-pricing the discounts it already took (its usage priced again) reads their terms here.
 */
export async function findDiscountCandidates(
  sql: CouponTables,
  transaction: SqlTransaction,
  appliedCouponIds: readonly string[],
): Promise<DiscountCandidate[]> {
  if (appliedCouponIds.length === 0) return [];
  const rows = await sql.query<CandidateRow>(
    `select ${CANDIDATE_COLUMNS}
       from ${sql.table('applied_coupons')} a join ${sql.table('coupons')} c on c.id = a.coupon_id
      where a.id in (${appliedCouponIds.map(() => '?').join(', ')})`,
    appliedCouponIds,
    transaction,
  );
  const candidates = new Map(rows.map((row) => [row.id, toCandidate(row)]));
  return appliedCouponIds.flatMap((id) => {
    const candidate = candidates.get(id);
    return candidate === undefined ? [] : [candidate];
  });
}

/** Writes what an invoice's discount did to the applied coupon it came from (locked by `lockDiscountCandidates`). */
export async function recordCouponConsumption(
  sql: TenantSql<'applied_coupons'>,
  transaction: SqlTransaction,
  change: { consumed: CouponConsumption; now: Date },
): Promise<void> {
  const { consumed, now } = change;
  await sql.query(
    `update ${sql.table('applied_coupons')}
        set status = ?, remaining_periods = ?, terminated_at = ?
      where id = ?`,
    [
      consumed.status,
      consumed.remainingPeriods,
      consumed.status === 'TERMINATED' ? now : null,
      consumed.appliedCouponId,
    ],
    transaction,
  );
}

/**
 * The coupon of an application, as an SQL expression over `appliedCouponId` (an expression of the caller's
 * statement), for reads that must stay one statement (an invoice page with its discounts). An application is never
 * deleted, so the expression always finds its coupon.
 */
export function couponOfApplication(sql: TenantSql<'applied_coupons'>, appliedCouponId: string): string {
  return `(select coupon_id from ${sql.table('applied_coupons')} where id = ${appliedCouponId})`;
}
