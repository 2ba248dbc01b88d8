import { randomBytes } from 'node:crypto';

/**
 * A tenant's outbound webhook signing secret in the Standard Webhooks form (CONTRACT §8): `whsec_` + base64 of
 * random bytes. 32 bytes, the size of the HMAC-SHA256 key it becomes (the standard accepts 24 to 64).
 */
export function generateWebhookSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
