export * from './plan-errors';
export * from './plan-prices';
export * from './plan-records';
export * from './plans';
export * from './plan-references';
export * from './subscription-port';
