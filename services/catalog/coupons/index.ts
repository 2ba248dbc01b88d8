export {
  applyCoupon,
  findAppliedCouponCustomer,
  terminateAppliedCoupon,
  type CouponReference,
} from './applied-coupons';
export {
  couponOfApplication,
  findDiscountCandidates,
  lockDiscountCandidates,
  recordCouponConsumption,
} from './coupon-discounts';
export { couponError, couponValue } from './coupon-errors';
export type { AppliedCouponRecord, CouponRecord } from './coupon-records';
export {
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  updateCoupon,
  type CouponChange,
  type NewCoupon,
} from './coupons';
export { deleteCustomersAppliedCoupons } from './customer-removal';
