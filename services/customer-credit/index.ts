export * from './customer-credit';
