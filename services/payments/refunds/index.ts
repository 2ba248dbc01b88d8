export * from './create-refund';
export * from './refund-credit-note';
export * from './refund-gateway';
export * from './refund-outcome';
export * from './refund-records';
export * from './payment-details';
export * from './refund-writes';
export * from './refund-verification';
