import { createHash, timingSafeEqual } from 'node:crypto';
import type { InboundNotification, NotificationSecrets, ParsedNotification } from './gateway';

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

function parseBody(rawBody: Buffer): Json | undefined {
  try {
    return asObject(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return undefined;
  }
}

/** Our reference is the `tx_ref` we gave `POST /v3/payments`; Flutterwave echoes it in `data.tx_ref`. */
export function flutterwaveReferenceOf(notification: InboundNotification): string | null {
  return asText(asObject(parseBody(notification.rawBody)?.data)?.tx_ref);
}

/**
 * Flutterwave does not sign the body: it sends the secret hash configured in its dashboard, as is, in `verif-hash`.
 * Both sides are hashed before the constant-time compare so that their lengths never leak or throw. Since the body is
 * not covered, nothing in it is trusted for money: a `successful` charge is verified through the API first.
 */
export function hasValidVerifHash(notification: InboundNotification, secrets: NotificationSecrets): boolean {
  const sent = notification.headers['verif-hash'];
  const expected = secrets.credentials.secretHash;
  if (sent === undefined || sent === '' || expected === undefined || expected === '') return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * `charge.completed` is the one event consumed (CONTRACT §11): `data.status` successful or failed ends the attempt;
 * any other status (pending) and every other event are ignored. The event id is `${event}:${data.id}`: Flutterwave
 * sends no event id, and `data.id` is its transaction id, unique per payment attempt. Flutterwave documents no refund
 * webhook we consume: a refund's outcome is the refund call's own answer.
 */
export function parseFlutterwaveNotification(
  notification: InboundNotification,
  secrets: NotificationSecrets,
): ParsedNotification | null {
  if (!hasValidVerifHash(notification, secrets)) return null;
  const body = parseBody(notification.rawBody);
  if (body === undefined) return null;
  const type = asText(body.event) ?? 'unknown';
  const data = asObject(body.data) ?? {};
  const eventId = `${type}:${asText(data.id) ?? 'none'}`;
  const reference = asText(data.tx_ref);
  const status = asText(data.status);
  if (type !== 'charge.completed' || reference === null || (status !== 'successful' && status !== 'failed')) {
    return { kind: 'ignored', eventId, type, reference };
  }
  return status === 'successful'
    ? { kind: 'payment', eventId, type, reference, outcome: 'succeeded', failureReason: null }
    : {
        kind: 'payment',
        eventId,
        type,
        reference,
        outcome: 'failed',
        failureReason: asText(data.processor_response) ?? 'failed',
      };
}
