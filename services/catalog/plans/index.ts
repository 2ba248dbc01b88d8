export * from './plan-errors';
export * from './plan-prices';
export * from './plan-records';
export * from './plans';
