export * from './customer-store';
