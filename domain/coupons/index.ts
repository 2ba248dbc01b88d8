export {
  APPLIED_COUPON_STATUSES,
  COUPON_FREQUENCIES,
  DISCOUNT_TYPES,
  type AppliedCouponStatus,
  type CouponFrequency,
  type CouponTerms,
  type DiscountType,
} from './coupon-terms';
export {
  couponTermsOf,
  expiryProblems,
  frequencyProblems,
  type CouponFieldProblem,
  type DiscountInput,
} from './coupon-rules';
