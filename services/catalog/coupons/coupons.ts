import type { CouponFrequency, CouponTerms } from '../../../domain/coupons';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import { newId } from '../../../infra/ids';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { listBillableMetricsByIds } from '../billable-metrics';
import { findMissingPlan } from '../plans';
import {
  COUPON_COLUMNS,
  toCouponRecord,
  type CouponFailure,
  type CouponOutcome,
  type CouponRecord,
  type CouponRow,
  type CouponSql,
} from './coupon-records';

/** What may change on a coupon; the code and the discount terms never do (applied coupons rely on them). */
export interface CouponChange {
  name?: string;
  description?: string | null;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
  isActive?: boolean;
  planIds?: string[];
}

export interface NewCoupon {
  code: string;
  name: string;
  description: string | null;
  terms: CouponTerms;
  frequency: CouponFrequency;
  frequencyDuration: number | null;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  planIds: string[];
  /** Absent or empty: subscription lines; else only these billable metrics' usage lines. */
  billableMetricIds?: string[];
  isActive: boolean;
}

const CHANGE_COLUMNS: Readonly<Record<keyof CouponChange, string>> = {
  name: 'name = ?',
  description: 'description = ?',
  expiresAt: 'expires_at = ?',
  maxRedemptions: 'max_redemptions = ?',
  isActive: 'is_active = ?',
  planIds: 'plan_ids = ?::jsonb',
};

const LIVE = 'deleted_at is null';

/** Creating a coupon also checks the plans and metrics it is limited to. */
type NewCouponSql = TenantSql<'coupons' | 'plans' | 'billable_metrics'>;

/** The first id of the coupon that names nothing of the tenant: a plan, then a billable metric. */
async function findMissingReference(
  sql: NewCouponSql,
  transaction: SqlTransaction,
  coupon: NewCoupon,
): Promise<CouponFailure | undefined> {
  const planId = await findMissingPlan(sql, coupon.planIds, transaction);
  if (planId !== undefined) return { code: 'plan_not_found', planId };
  const metricIds = coupon.billableMetricIds ?? [];
  const found = new Set((await listBillableMetricsByIds(sql, metricIds, transaction)).map((metric) => metric.id));
  const billableMetricId = metricIds.find((id) => !found.has(id));
  return billableMetricId === undefined ? undefined : { code: 'billable_metric_not_found', billableMetricId };
}

async function insertCouponRow(sql: NewCouponSql, transaction: SqlTransaction, coupon: NewCoupon): Promise<CouponRow> {
  const { terms } = coupon;
  return sql.oneOrFail<CouponRow>(
    `insert into ${sql.table('coupons')} (id, code, name, description, discount_type, percentage, amount_minor,
       currency, frequency, frequency_duration, expires_at, max_redemptions, plan_ids, billable_metric_ids, is_active)
     values (?, ?, ?, ?, ?, ?::numeric, ?::bigint, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?) returning ${COUPON_COLUMNS}`,
    [
      newId('coupon'),
      coupon.code,
      coupon.name,
      coupon.description,
      terms.discountType,
      terms.discountType === 'PERCENTAGE' ? terms.percentage : null,
      terms.discountType === 'FIXED_AMOUNT' ? terms.amountMinor.toString() : null,
      terms.discountType === 'FIXED_AMOUNT' ? terms.currency : null,
      coupon.frequency,
      coupon.frequencyDuration,
      coupon.expiresAt,
      coupon.maxRedemptions,
      JSON.stringify(coupon.planIds),
      JSON.stringify(coupon.billableMetricIds ?? []),
      coupon.isActive,
    ],
    transaction,
  );
}

/**
 * Inserts the coupon; an unknown plan is `plan_not_found`, an unknown metric `billable_metric_not_found`, a code in
 * use in the tenant `coupon_code_taken`.
 */
export async function createCoupon(sql: NewCouponSql, coupon: NewCoupon): Promise<CouponOutcome<CouponRecord>> {
  try {
    return await sql.transactional(async (transaction): Promise<CouponOutcome<CouponRecord>> => {
      const missing = await findMissingReference(sql, transaction, coupon);
      if (missing !== undefined) return { ok: false, error: missing };
      return { ok: true, value: toCouponRecord(await insertCouponRow(sql, transaction, coupon)) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_unique')) return { ok: false, error: { code: 'coupon_code_taken' } };
    throw error;
  }
}

/** A page of the tenant's (undeleted) coupons, newest first; `isActive` filters when given. */
export async function listCoupons(
  sql: CouponSql,
  options: { limit: number; offset: number; isActive?: boolean },
): Promise<{ records: CouponRecord[]; total: number }> {
  const where = options.isActive === undefined ? `where ${LIVE}` : `where ${LIVE} and is_active = ?`;
  const filter = options.isActive === undefined ? [] : [options.isActive];
  const [rows, totals] = await Promise.all([
    sql.query<CouponRow>(
      `select ${COUPON_COLUMNS} from ${sql.table('coupons')} ${where}
        order by created_at desc, id desc limit ? offset ?`,
      [...filter, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('coupons')} ${where}`, filter),
  ]);
  return { records: rows.map(toCouponRecord), total: Number(totals[0]?.total ?? 0) };
}

export async function findCoupon(sql: CouponSql, couponId: string): Promise<CouponRecord | undefined> {
  const row = await sql.one<CouponRow>(
    `select ${COUPON_COLUMNS} from ${sql.table('coupons')} where id = ? and ${LIVE}`,
    [couponId],
  );
  return row === undefined ? undefined : toCouponRecord(row);
}

/**
 * Updates in one transaction with the row locked, so a lowered `maxRedemptions` is checked against the redemptions
 * that concurrent applies may be adding (`max_redemptions_below_redemptions`).
 */
export async function updateCoupon(
  sql: CouponSql,
  couponId: string,
  change: CouponChange,
): Promise<CouponOutcome<CouponRecord>> {
  return sql.transactional(async (transaction): Promise<CouponOutcome<CouponRecord>> => {
    const current = await sql.one<CouponRow>(
      `select ${COUPON_COLUMNS} from ${sql.table('coupons')} where id = ? and ${LIVE} for update`,
      [couponId],
      transaction,
    );
    if (current === undefined) return { ok: false, error: { code: 'coupon_not_found' } };
    const max = change.maxRedemptions;
    if (max !== undefined && max !== null && max < current.redemptions) {
      return { ok: false, error: { code: 'max_redemptions_below_redemptions', redemptions: current.redemptions } };
    }
    const missing = await findMissingPlan(sql, change.planIds ?? [], transaction);
    if (missing !== undefined) return { ok: false, error: { code: 'plan_not_found', planId: missing } };
    const keys = (Object.keys(CHANGE_COLUMNS) as (keyof CouponChange)[]).filter((key) => change[key] !== undefined);
    const values = keys.map((key) => (key === 'planIds' ? JSON.stringify(change.planIds) : (change[key] ?? null)));
    const row = await sql.oneOrFail<CouponRow>(
      `update ${sql.table('coupons')} set ${[...keys.map((key) => CHANGE_COLUMNS[key]), 'updated_at = now()'].join(', ')}
        where id = ? returning ${COUPON_COLUMNS}`,
      [...values, couponId],
      transaction,
    );
    return { ok: true, value: toCouponRecord(row) };
  });
}

/**
 * A coupon never applied is deleted outright. One that was applied is soft-deleted (inactive, `deleted_at` set,
 * its code freed) so its applied coupons keep pointing at their terms.
 */
export async function deleteCoupon(sql: CouponSql, couponId: string): Promise<CouponOutcome<CouponRecord>> {
  return sql.transactional(async (transaction): Promise<CouponOutcome<CouponRecord>> => {
    const row = await sql.one<CouponRow>(
      `select ${COUPON_COLUMNS} from ${sql.table('coupons')} where id = ? and ${LIVE} for update`,
      [couponId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: { code: 'coupon_not_found' } };
    const applied = await sql.one<{ id: string }>(
      `select id from ${sql.table('applied_coupons')} where coupon_id = ? limit 1`,
      [couponId],
      transaction,
    );
    if (applied === undefined) {
      await sql.query(`delete from ${sql.table('coupons')} where id = ?`, [couponId], transaction);
      return { ok: true, value: toCouponRecord(row) };
    }
    const deleted = await sql.one<CouponRow>(
      `update ${sql.table('coupons')} set is_active = false, deleted_at = now(), updated_at = now()
        where id = ? returning ${COUPON_COLUMNS}`,
      [couponId],
      transaction,
    );
    return { ok: true, value: toCouponRecord(deleted ?? row) };
  });
}
