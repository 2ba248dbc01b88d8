export * from './customer-errors';
export * from './customer-store';
