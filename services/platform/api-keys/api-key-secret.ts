import { createHash, randomBytes } from 'node:crypto';

/** CONTRACT §6: `sk_live_` + 32 random bytes in base64url; listed by their first 12 characters. */
export const API_KEY_PREFIX = 'sk_live_';
const DISPLAY_PREFIX_LENGTH = 12;

export interface NewApiKeySecret {
  /** Shown to the caller once, never stored. */
  value: string;
  /** What is stored and looked up: the key has 256 random bits, so a fast hash is enough (no guessing to slow). */
  hash: string;
  prefix: string;
}

export function generateApiKeySecret(): NewApiKeySecret {
  const value = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { value, hash: hashApiKey(value), prefix: value.slice(0, DISPLAY_PREFIX_LENGTH) };
}

export function hashApiKey(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX);
}
