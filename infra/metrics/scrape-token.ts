import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a scrape may read `/metrics`: always without a configured token, else only with `Authorization: Bearer
 * <token>`. Both sides are hashed first so the comparison takes the same time whatever the length or the first
 * differing byte of what was sent.
 */
export function isScrapeAuthorized(authorization: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digestOf(sent), digestOf(token));
}

function digestOf(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The challenge a refused scrape gets (RFC 6750). */
export const SCRAPE_CHALLENGE = 'Bearer realm="metrics"';
