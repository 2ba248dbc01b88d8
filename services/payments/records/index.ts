export * from './payment-records';
export * from './payment-view';
export * from './payments';
export * from './callback-token';
export * from './provider-payments';
export * from './payment-event-list';
export * from './payment-money';
