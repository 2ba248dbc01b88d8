export * from './customer-errors';
export * from './customer-store';
export * from './customer-references';
export * from './subscription-port';
