import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { findLiveCustomerCurrency } from '../customers';
import {
  COUPON_COLUMNS,
  toAppliedCouponRecord,
  toCouponRecord,
  type AppliedCouponRecord,
  type AppliedCouponRow,
  type CouponOutcome,
  type CouponRecord,
  type CouponRow,
  type CouponSql,
} from './coupon-records';

/** The coupon to apply, by id or by its (upper-case) code. */
export type CouponReference = { couponId: string } | { code: string };

const APPLIED_COLUMNS =
  'a.id, a.coupon_id, c.code as coupon_code, a.customer_id, a.status, a.remaining_periods, a.created_at, ' +
  'a.terminated_at';

type Refusal = { ok: false; error: { code: 'coupon_not_applicable'; reason: string } };
const notApplicable = (reason: string): Refusal => ({ ok: false, error: { code: 'coupon_not_applicable', reason } });

/**
 * Applies a coupon to a customer. The coupon row is locked (`for update`) for the whole transaction, so the checks
 * (active, unexpired, not exhausted, not already applied) and the redemption increment see no concurrent apply:
 * with maxRedemptions N, exactly N applies succeed however many race. The partial unique index on ACTIVE
 * (coupon_id, customer_id) backs the "already applied" check.
 */
export async function applyCoupon(
  sql: CouponSql,
  options: { coupon: CouponReference; customerId: string; now: Date },
): Promise<CouponOutcome<AppliedCouponRecord>> {
  try {
    return await sql.transactional(async (transaction): Promise<CouponOutcome<AppliedCouponRecord>> => {
      const locked = await lockCoupon(sql, { reference: options.coupon, now: options.now }, transaction);
      // An unknown id names nothing (404); an unknown code is a refusal that depends on the catalog (409).
      if (locked === undefined && 'code' in options.coupon) {
        return notApplicable(`No coupon has the code ${options.coupon.code}`);
      }
      if (locked === undefined) return { ok: false, error: { code: 'coupon_not_found' } };
      const currency = await findLiveCustomerCurrency(sql, { id: options.customerId, transaction });
      if (currency === undefined) return { ok: false, error: { code: 'customer_not_found' } };
      const refusal = refusalOf(locked, currency);
      if (refusal !== undefined) return refusal;
      if (await hasActive(sql, { couponId: locked.coupon.id, customerId: options.customerId, transaction })) {
        return notApplicable(`Coupon ${locked.coupon.code} is already applied to customer ${options.customerId}`);
      }
      return {
        ok: true,
        value: await insertApplied(sql, {
          coupon: locked.coupon,
          customerId: options.customerId,
          now: options.now,
          transaction,
        }),
      };
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'applied_coupons_active_unique')) throw error;
    return notApplicable(`The coupon is already applied to customer ${options.customerId}`);
  }
}

/** The applied coupon's customer, or undefined when the tenant has no applied coupon of that id. */
export async function findAppliedCouponCustomer(sql: CouponSql, appliedCouponId: string): Promise<string | undefined> {
  const row = await sql.one<{ customer_id: string }>(
    `select customer_id from ${sql.table('applied_coupons')} where id = ?`,
    [appliedCouponId],
  );
  return row?.customer_id;
}

/** Terminates an ACTIVE applied coupon; the redemption it used is not given back. */
export async function terminateAppliedCoupon(
  sql: CouponSql,
  termination: { appliedCouponId: string; now: Date },
): Promise<CouponOutcome<AppliedCouponRecord>> {
  const { appliedCouponId } = termination;
  const row = await sql.one<AppliedCouponRow>(
    `with terminated as (
       update ${sql.table('applied_coupons')} set status = 'TERMINATED', terminated_at = ?
        where id = ? and status = 'ACTIVE' returning *
     )
     select ${APPLIED_COLUMNS} from terminated a join ${sql.table('coupons')} c on c.id = a.coupon_id`,
    [termination.now, appliedCouponId],
  );
  if (row !== undefined) return { ok: true, value: toAppliedCouponRecord(row) };
  const existing = await sql.one<{ id: string }>(`select id from ${sql.table('applied_coupons')} where id = ?`, [
    appliedCouponId,
  ]);
  return {
    ok: false,
    error: { code: existing === undefined ? 'applied_coupon_not_found' : 'applied_coupon_terminated' },
  };
}

interface LockedCoupon {
  coupon: CouponRecord;
  expired: boolean;
}

/** The coupon, locked, and whether it has expired by `now` (business time, not the database's clock). */
async function lockCoupon(
  sql: CouponSql,
  { reference, now }: { reference: CouponReference; now: Date },
  transaction: SqlTransaction,
): Promise<LockedCoupon | undefined> {
  const [column, value] = 'couponId' in reference ? ['id', reference.couponId] : ['code', reference.code];
  const row = await sql.one<CouponRow & { expired: boolean }>(
    `select ${COUPON_COLUMNS}, (expires_at is not null and expires_at <= ?) as expired
       from ${sql.table('coupons')} where ${column} = ? and deleted_at is null for update`,
    [now, value],
    transaction,
  );
  return row === undefined ? undefined : { coupon: toCouponRecord(row), expired: row.expired };
}

function refusalOf({ coupon, expired }: LockedCoupon, customerCurrency: string): Refusal | undefined {
  if (!coupon.isActive) return notApplicable(`Coupon ${coupon.code} is inactive`);
  if (expired) return notApplicable(`Coupon ${coupon.code} expired at ${String(coupon.expiresAt?.toISOString())}`);
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) {
    return notApplicable(`Coupon ${coupon.code} is exhausted: ${coupon.maxRedemptions} redemptions used`);
  }
  const { terms } = coupon;
  if (terms.discountType === 'FIXED_AMOUNT' && terms.currency !== customerCurrency) {
    return notApplicable(
      `Coupon ${coupon.code} discounts ${terms.currency}, but the customer is billed in ${customerCurrency}`,
    );
  }
  return undefined;
}

async function hasActive(
  sql: CouponSql,
  options: { couponId: string; customerId: string; transaction: SqlTransaction },
): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('applied_coupons')} where coupon_id = ? and customer_id = ? and status = 'ACTIVE'`,
    [options.couponId, options.customerId],
    options.transaction,
  );
  return rows.length > 0;
}

async function insertApplied(
  sql: CouponSql,
  options: { coupon: CouponRecord; customerId: string; now: Date; transaction: SqlTransaction },
): Promise<AppliedCouponRecord> {
  const { coupon, transaction } = options;
  await sql.query(
    `update ${sql.table('coupons')} set redemptions = redemptions + 1, updated_at = now() where id = ?`,
    [coupon.id],
    transaction,
  );
  const row = await sql.oneOrFail<Omit<AppliedCouponRow, 'coupon_code'>>(
    `insert into ${sql.table('applied_coupons')} (id, coupon_id, customer_id, remaining_periods, created_at)
     values (?, ?, ?, ?, ?) returning id, coupon_id, customer_id, status, remaining_periods, created_at, terminated_at`,
    [newId('appliedCoupon'), coupon.id, options.customerId, coupon.frequencyDuration, options.now],
    transaction,
  );
  return toAppliedCouponRecord({ ...row, coupon_code: coupon.code });
}
