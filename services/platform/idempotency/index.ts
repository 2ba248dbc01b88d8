export * from './idempotency-keys';
export * from './request-fingerprint';
export * from './request-key';
