export * from './applied-coupons';
export * from './coupon-errors';
export * from './coupon-records';
export * from './coupons';
export * from './coupon-discounts';
