export * from './collection-errors';
export * from './invoice-email';
export * from './invoice-email-content';
export * from './past-due';
export * from './platform-mail-quota';
export * from './dunning-starts';
export * from './dunning-steps';
