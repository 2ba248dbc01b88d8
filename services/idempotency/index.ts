export * from './idempotency-keys';
export * from './request-fingerprint';
