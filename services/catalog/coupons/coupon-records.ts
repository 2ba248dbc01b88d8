import type { AppliedCouponStatus, CouponFrequency, CouponTerms, DiscountType } from '../../../domain/coupons';
import { toCurrencyCode } from '../../../domain/money';
import type { TenantSql } from '../../../infra/db/tenant-sql';

export interface CouponRecord {
  id: string;
  code: string;
  name: string;
  description: string | null;
  terms: CouponTerms;
  frequency: CouponFrequency;
  frequencyDuration: number | null;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptions: number;
  planIds: string[];
  /** Empty: the coupon discounts subscription lines; else only the usage lines of these metrics. */
  billableMetricIds: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface AppliedCouponRecord {
  id: string;
  couponId: string;
  couponCode: string;
  customerId: string;
  status: AppliedCouponStatus;
  remainingPeriods: number | null;
  createdAt: Date;
  terminatedAt: Date | null;
}

/** Expected refusals, as stable codes; `couponError` says them as AppErrors. */
export type CouponFailure =
  | { code: 'coupon_not_found' }
  | { code: 'coupon_code_taken' }
  | { code: 'plan_not_found'; planId: string }
  | { code: 'billable_metric_not_found'; billableMetricId: string }
  | { code: 'max_redemptions_below_redemptions'; redemptions: number }
  | { code: 'customer_not_found' }
  | { code: 'coupon_not_applicable'; reason: string }
  | { code: 'applied_coupon_not_found' }
  | { code: 'applied_coupon_terminated' };

export type CouponOutcome<T> = { ok: true; value: T } | { ok: false; error: CouponFailure };

export interface CouponRow {
  id: string;
  code: string;
  name: string;
  description: string | null;
  discount_type: DiscountType;
  percentage: string | null;
  amount_minor: string | number | null;
  currency: string | null;
  frequency: CouponFrequency;
  frequency_duration: number | null;
  expires_at: Date | string | null;
  max_redemptions: number | null;
  redemptions: number;
  plan_ids: unknown;
  billable_metric_ids: unknown;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface AppliedCouponRow {
  id: string;
  coupon_id: string;
  coupon_code: string;
  customer_id: string;
  status: AppliedCouponStatus;
  remaining_periods: number | null;
  created_at: Date | string;
  terminated_at: Date | string | null;
}

export const COUPON_COLUMNS =
  'id, code, name, description, discount_type, percentage::text as percentage, amount_minor, currency, frequency, ' +
  'frequency_duration, expires_at, max_redemptions, redemptions, plan_ids, billable_metric_ids, is_active, created_at, ' +
  'updated_at';

type TableName = 'coupons' | 'applied_coupons' | 'customers' | 'plans';

export type CouponSql = TenantSql<TableName>;

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function termsOf(row: CouponRow): CouponTerms {
  if (row.discount_type === 'PERCENTAGE') return { discountType: 'PERCENTAGE', percentage: String(row.percentage) };
  return {
    discountType: 'FIXED_AMOUNT',
    amountMinor: BigInt(row.amount_minor ?? 0),
    currency: toCurrencyCode(String(row.currency)),
  };
}

/** A jsonb array of ids as stored (the driver may hand it over as text). */
export function idsOf(column: unknown): string[] {
  const parsed = typeof column === 'string' ? (JSON.parse(column) as unknown) : column;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export function toCouponRecord(row: CouponRow): CouponRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    terms: termsOf(row),
    frequency: row.frequency,
    frequencyDuration: row.frequency_duration,
    expiresAt: dateOrNull(row.expires_at),
    maxRedemptions: row.max_redemptions,
    redemptions: row.redemptions,
    planIds: idsOf(row.plan_ids),
    billableMetricIds: idsOf(row.billable_metric_ids),
    isActive: row.is_active,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function toAppliedCouponRecord(row: AppliedCouponRow): AppliedCouponRecord {
  return {
    id: row.id,
    couponId: row.coupon_id,
    couponCode: row.coupon_code,
    customerId: row.customer_id,
    status: row.status,
    remainingPeriods: row.remaining_periods,
    createdAt: new Date(row.created_at),
    terminatedAt: dateOrNull(row.terminated_at),
  };
}
