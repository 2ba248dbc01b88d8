/**
 * SPEC §6.3: an attempt without an answer (status line and headers) within 30 s has failed. The budget also bounds
 * reading the response excerpt, but a 2xx that arrived in time stands whatever its body does afterwards.
 */
export const WEBHOOK_REQUEST_TIMEOUT_MS = 30_000;

/** The failure type of an attempt whose event row is gone (its tenant was deleted): there is nothing to deliver. */
export const WEBHOOK_EVENT_GONE = 'webhook_event_not_found';

/**
 * The failure type of an attempt whose series a redelivery has replaced with a newer one: the newer series delivers,
 * this one stops without sending.
 */
export const WEBHOOK_SERIES_SUPERSEDED = 'webhook_series_superseded';

/** The largest response excerpt kept per attempt (CONTRACT §8, the `webhook_attempts` check constraint). */
export const RESPONSE_EXCERPT_MAX_BYTES = 1024;

/** SPEC §6.3: any 2xx acknowledges the event; everything else (3xx included: redirects are not followed) fails. */
export function isAcknowledged(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode <= 299;
}

/**
 * The `error` of an answered attempt: null for a 2xx, otherwise its status, for a 3xx with why it failed (SPEC §6.3:
 * redirects are not followed, so a receiver that moved must be given its new URL).
 */
export function describeUnacknowledgedStatus(statusCode: number): string | null {
  if (isAcknowledged(statusCode)) return null;
  if (statusCode >= 300 && statusCode <= 399) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}

/**
 * The start of a response body as text of at most `maxBytes` UTF-8 bytes, cut between characters. Invalid UTF-8
 * decodes to U+FFFD (3 bytes for 1), so the limit is applied to the re-encoded text, not to the bytes received;
 * NUL becomes U+FFFD too, since PostgreSQL text cannot hold it.
 */
export function excerptResponseBody(bytes: Uint8Array, maxBytes = RESPONSE_EXCERPT_MAX_BYTES): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, maxBytes));
  let size = 0;
  let excerpt = '';
  for (const character of text.replaceAll('\u0000', '\uFFFD')) {
    const width = utf8Width(character.codePointAt(0) ?? 0);
    if (size + width > maxBytes) break;
    size += width;
    excerpt += character;
  }
  return excerpt;
}

function utf8Width(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}
