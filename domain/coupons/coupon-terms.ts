import type { CurrencyCode } from '../money';

/** How a coupon discounts: a percentage of the discount base or a fixed amount of one currency. */
export const DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED_AMOUNT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** How many invoices an applied coupon discounts: the next one, `frequencyDuration` of them, or all. */
export const COUPON_FREQUENCIES = ['ONCE', 'RECURRING', 'FOREVER'] as const;
export type CouponFrequency = (typeof COUPON_FREQUENCIES)[number];

/** An applied coupon discounts invoices while ACTIVE; TERMINATED once used up or removed. */
export const APPLIED_COUPON_STATUSES = ['ACTIVE', 'TERMINATED'] as const;
export type AppliedCouponStatus = (typeof APPLIED_COUPON_STATUSES)[number];

/** The discount terms of a coupon: a percentage (exact decimal string, up to 4 decimals) or a fixed amount. */
export type CouponTerms =
  | { discountType: 'PERCENTAGE'; percentage: string }
  | { discountType: 'FIXED_AMOUNT'; amountMinor: bigint; currency: CurrencyCode };
