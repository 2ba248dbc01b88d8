import { createHash, createHmac } from 'node:crypto';

/**
 * The secret in an M-Pesa callback URL (CONTRACT §11: Daraja signs nothing, so the URL we give it carries a
 * per-payment token). Derived from ENCRYPTION_KEY rather than stored, so it never appears in a workflow history or a
 * table; the payment row keeps only its SHA-256 to check a callback against.
 */
export function mpesaCallbackToken(encryptionKey: Buffer, tenantId: string, paymentId: string): string {
  return createHmac('sha256', encryptionKey).update(`mpesa-callback:${tenantId}:${paymentId}`).digest('hex');
}

/** What `payments.callback_token_hash` stores: SHA-256 hex of the token. */
export function callbackTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
