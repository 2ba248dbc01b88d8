export * from './checkout-errors';
export * from './checkout-starter';
export * from './invoice-checkout';
export * from './provider-choice';
export * from './provider-checkout';
