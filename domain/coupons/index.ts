export {
  APPLIED_COUPON_STATUSES,
  COUPON_FREQUENCIES,
  DISCOUNT_TYPES,
  type AppliedCouponStatus,
  type CouponFrequency,
  type CouponTerms,
  type DiscountType,
} from './coupon-terms';
