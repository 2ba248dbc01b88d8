import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (SMTP passwords, provider credentials): AES-256-GCM with ENCRYPTION_KEY. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), authenticated, so tampering fails to decrypt instead of yielding garbage.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
// GCM accepts tags as short as 4 bytes unless told otherwise, and a short tag is forged in far fewer tries: every
// sealed value carries the full 16 bytes, and nothing shorter opens.
const TAG_BYTES = 16;

export function encryptSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('Not a sealed secret');
  }
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== TAG_BYTES) throw new Error('Not a sealed secret: the authentication tag is not 16 bytes');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
