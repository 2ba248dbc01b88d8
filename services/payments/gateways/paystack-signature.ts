import { createHmac } from 'node:crypto';
import { constantTimeEqual } from './constant-time';

/**
 * Paystack signs each webhook with `x-paystack-signature`: the hex HMAC-SHA512 of the raw body keyed with the
 * integration's secret key (CONTRACT §11). Paystack's scheme has no timestamp, so replays are stopped by storing each
 * event once, not here.
 */
export function verifyPaystackSignature(rawBody: Buffer, header: string | undefined, secretKey: string): boolean {
  if (header === undefined || secretKey === '') return false;
  return constantTimeEqual(computePaystackSignature(secretKey, rawBody), header.trim().toLowerCase());
}

export function computePaystackSignature(secretKey: string, rawBody: Buffer): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}
