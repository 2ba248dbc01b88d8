import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived bearer values the server hands out and reads back itself (a portal link, its session cookie): a JSON
 * payload and an HMAC-SHA256 over it, both base64url, `<payload>.<mac>`. Nothing is stored, so a value is good until
 * the expiry its payload names; the MAC makes any change to the payload (another customer, another tenant, a later
 * expiry) a value that does not verify.
 *
 * Each purpose signs with its own key, derived from ENCRYPTION_KEY with HKDF, so a value made for one purpose (a
 * link) never verifies as another (a cookie), and no key here is the one that seals secrets at rest.
 */
export interface TokenKey {
  readonly purpose: string;
  readonly key: Buffer;
}

export function tokenKey(masterKey: Buffer, purpose: string): TokenKey {
  return { purpose, key: Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `signed-token:${purpose}`, 32)) };
}

function macOf(key: TokenKey, payload: string): Buffer {
  return createHmac('sha256', key.key).update(`${key.purpose}.${payload}`).digest();
}

export function signToken(key: TokenKey, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${payload}.${macOf(key, payload).toString('base64url')}`;
}

/** The claims of a value this key signed; undefined for anything else (malformed, tampered, another purpose's). */
export function verifyToken(key: TokenKey, token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload = '', mac = ''] = parts;
  const expected = macOf(key, payload);
  const given = Buffer.from(mac, 'base64url');
  // base64url decoding ignores stray characters: compare the canonical form too, so only one spelling verifies.
  if (given.length !== expected.length || given.toString('base64url') !== mac) return undefined;
  if (!timingSafeEqual(given, expected)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A keyed digest of `text` (base64url): a value only the holder of the key can compute, e.g. a form's CSRF token. */
export function keyedDigest(key: TokenKey, text: string): string {
  return macOf(key, text).toString('base64url');
}

/** Whether `given` is `keyedDigest(key, text)`, compared in constant time. */
export function isKeyedDigest(key: TokenKey, text: string, given: string): boolean {
  const expected = macOf(key, text);
  const actual = Buffer.from(given, 'base64url');
  return (
    actual.length === expected.length && actual.toString('base64url') === given && timingSafeEqual(actual, expected)
  );
}
