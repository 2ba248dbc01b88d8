import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (SMTP passwords, provider credentials): AES-256-GCM with ENCRYPTION_KEY, authenticated, so tampering
 * fails to decrypt instead of yielding garbage. The stored form is `v2.<iv>.<tag>.<ciphertext>` (base64url), sealed
 * with associated data naming its owner (`tenant:<id>:smtp`): the tag covers it, so a blob copied to another tenant
 * or row, whose owner names differently, does not open there.
 *
 * `v1.` blobs (sealed before owners were bound) carry no associated data; they still open, wherever they are, until
 * they are sealed again (docs/decisions.md, Hardening).
 */
const CURRENT_VERSION = 'v2';
const UNBOUND_VERSION = 'v1';
const IV_BYTES = 12;
// GCM accepts tags as short as 4 bytes unless told otherwise, and a short tag is forged in far fewer tries: every
// sealed value carries the full 16 bytes, and nothing shorter opens.
const TAG_BYTES = 16;

/** The key, and who the sealed value belongs to: the same owner must be named to open it. */
export interface SecretBinding {
  key: Buffer;
  /** e.g. `tenant:<tenantId>:smtp`; never stored with the blob, so it cannot be copied along with it. */
  associatedData: string;
}

/** A sealed value that does not open: another key, tampering, or another owner's. Its message tells nothing secret. */
export class SealedSecretError extends Error {
  constructor(reason: string) {
    super(`The sealed secret cannot be opened: ${reason}`);
    this.name = 'SealedSecretError';
  }
}

export function encryptSecret(plaintext: string, binding: SecretBinding): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', binding.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(binding.associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [CURRENT_VERSION, ...parts].join('.');
}

/** Throws SealedSecretError when the blob does not open with this key for this owner. */
export function decryptSecret(sealed: string, binding: SecretBinding): string {
  const [version, iv, tag, ciphertext, ...extra] = sealed.split('.');
  if (
    (version !== CURRENT_VERSION && version !== UNBOUND_VERSION) ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined ||
    extra.length > 0
  ) {
    throw new SealedSecretError('not a sealed secret');
  }
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== TAG_BYTES) throw new SealedSecretError('the authentication tag is not 16 bytes');
  const decipher = createDecipheriv('aes-256-gcm', binding.key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  if (version === CURRENT_VERSION) decipher.setAAD(Buffer.from(binding.associatedData, 'utf8'));
  decipher.setAuthTag(authTag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('another key, tampered with, or sealed for another owner');
  }
}

/** Whether the blob is bound to its owner; an unbound (v1) one is sealed again on its next write. */
export function isBoundSecret(sealed: string): boolean {
  return sealed.startsWith(`${CURRENT_VERSION}.`);
}

/**
 * The blob bound to `binding`: as it is when it already is (no new IV, nothing rewritten), sealed again when it is
 * an unbound v1 blob that opens. One that does not open is returned as it is: it stays unreadable, as before.
 */
export function bindSecret(sealed: string, binding: SecretBinding): string {
  if (isBoundSecret(sealed)) return sealed;
  try {
    return encryptSecret(decryptSecret(sealed, binding), binding);
  } catch (error) {
    if (error instanceof SealedSecretError) return sealed;
    throw error;
  }
}
