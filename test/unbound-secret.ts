import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * A secret sealed as the v1 code sealed it, before owners were bound (no associated data): what rows written then
 * still hold. Tests use it to show those rows keep working and are bound on their next write.
 */
export function sealUnboundSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}
