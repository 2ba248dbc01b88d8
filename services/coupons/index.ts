export * from './applied-coupons';
export * from './coupon-records';
export * from './coupons';
