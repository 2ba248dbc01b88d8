import { createHmac } from 'node:crypto';
import { constantTimeEqual } from './constant-time';

/** Stripe's default replay window (CONTRACT §11): a signed timestamp older than this is refused. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export interface StripeSignatureCheck {
  rawBody: Buffer;
  /** The `Stripe-Signature` header: `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`. */
  header: string | undefined;
  /** The endpoint's signing secret (`whsec_…`), used as is as the HMAC key. */
  secret: string;
  now: Date;
}

/**
 * Stripe's webhook signature: HMAC-SHA256, keyed with the endpoint secret, over `<t>.` followed by the raw body bytes,
 * hex encoded, in one or more `v1=` elements (several while a secret is being rolled: any match is enough). Other
 * schemes (`v0`) are ignored, as Stripe's own libraries do. The timestamp must lie within 300 s of `now` either way:
 * Stripe's libraries refuse only old ones, but a timestamp far in the future is no more trustworthy (it would keep a
 * captured request replayable for longer), and Stripe signs at the moment it sends.
 */
export function verifyStripeSignature(check: StripeSignatureCheck): boolean {
  if (check.header === undefined || check.secret === '') return false;
  const parsed = parseSignatureHeader(check.header);
  if (parsed === undefined || parsed.signatures.length === 0) return false;
  const age = Math.floor(check.now.getTime() / 1000) - parsed.timestamp;
  if (Math.abs(age) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = computeStripeSignature(check.secret, parsed.timestamp, check.rawBody);
  // Every candidate is compared, so the time taken does not tell which one (if any) matched.
  return parsed.signatures.map((signature) => constantTimeEqual(expected, signature)).includes(true);
}

/** Hex HMAC-SHA256 of `<timestamp>.<raw body>` with the secret. */
export function computeStripeSignature(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const element of header.split(',')) {
    const separator = element.indexOf('=');
    if (separator < 0) continue;
    const key = element.slice(0, separator).trim();
    const value = element.slice(separator + 1).trim();
    if (key === 't') {
      // A second `t` makes the header ambiguous: refuse it rather than pick one.
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      signatures.push(value);
    }
  }
  return timestamp === undefined ? undefined : { timestamp, signatures };
}
