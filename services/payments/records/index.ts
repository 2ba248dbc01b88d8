export * from './payment-records';
export * from './payment-view';
export * from './payments';
export * from './callback-token';
export * from './provider-payments';
export * from './payment-money';
export * from './provider-references';
