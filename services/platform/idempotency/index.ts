export { idempotencyKeys, type IdempotencyKeys } from './idempotency-keys';
export type { IdempotentRequest, StoredResponse } from './idempotent-request';
export type { KeyLease } from './key-lease';
export { requestFingerprint } from './request-fingerprint';
export { requestKeyOf } from './request-key';
