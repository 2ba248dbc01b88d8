import { presentMajorUnits } from '../../../domain/money';
import type { AppliedCouponRecord, CouponRecord } from '../../../services/catalog/coupons';
import type { AppliedCouponJson, CouponJson } from './schema';

/** Amounts back to exact major units (1000n USD → 10), percentages as stored ('12.5000' → 12.5). */
export function presentCoupon(coupon: CouponRecord): CouponJson {
  const { terms } = coupon;
  const fixed = terms.discountType === 'FIXED_AMOUNT' ? terms : undefined;
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    description: coupon.description,
    discountType: terms.discountType,
    percentage: terms.discountType === 'PERCENTAGE' ? Number(terms.percentage) : null,
    amount: fixed === undefined ? null : presentMajorUnits({ amount: fixed.amountMinor, currency: fixed.currency }),
    currency: fixed?.currency ?? null,
    frequency: coupon.frequency,
    frequencyDuration: coupon.frequencyDuration,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    maxRedemptions: coupon.maxRedemptions,
    redemptions: coupon.redemptions,
    planIds: coupon.planIds,
    billableMetricIds: coupon.billableMetricIds,
    isActive: coupon.isActive,
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  };
}

export function presentAppliedCoupon(applied: AppliedCouponRecord): AppliedCouponJson {
  return {
    id: applied.id,
    couponId: applied.couponId,
    couponCode: applied.couponCode,
    customerId: applied.customerId,
    status: applied.status,
    remainingPeriods: applied.remainingPeriods,
    createdAt: applied.createdAt.toISOString(),
    terminatedAt: applied.terminatedAt?.toISOString() ?? null,
  };
}
