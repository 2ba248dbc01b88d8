import { timingSafeEqual } from 'node:crypto';

/**
 * Compares a secret-derived value (a signature, a shared hash) with what a request carried without leaking, through
 * timing, how many leading characters matched. Lengths are not secret (every valid value has the same length), so a
 * length mismatch returns at once.
 */
export function constantTimeEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
