import { createHash } from 'node:crypto';
import { constantTimeEqual } from './constant-time';
import type { InboundNotification, NotificationSecrets, ParsedNotification } from './gateway';
import { asObject, parseJsonObject, stringField } from './provider-json';

/** Our reference is the `tx_ref` we gave `POST /v3/payments`; Flutterwave echoes it in `data.tx_ref`. */
export function flutterwaveReferenceOf(notification: InboundNotification): string | null {
  return stringField(asObject(parseJsonObject(notification.rawBody)?.data), 'tx_ref') ?? null;
}

/**
 * Flutterwave does not sign the body: it sends the secret hash configured in its dashboard, as is, in `verif-hash`.
 * Both sides are hashed before the constant-time compare, so that not even the secret's length leaks. Since the body is
 * not covered, nothing in it is trusted for money: a `successful` charge is verified through the API first.
 */
export function hasValidVerifHash(notification: InboundNotification, secrets: NotificationSecrets): boolean {
  const sent = notification.headers['verif-hash'];
  const expected = secrets.credentials.secretHash;
  if (sent === undefined || sent === '' || expected === undefined || expected === '') return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  return constantTimeEqual(digest(expected), digest(sent));
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
  const body = parseJsonObject(notification.rawBody);
  if (body === undefined) return null;
  const type = stringField(body, 'event') ?? 'unknown';
  const data = asObject(body.data) ?? {};
  // Without a transaction id, a digest of the bytes: a repeat shares it, no other event does.
  const id = stringField(data, 'id') ?? `sha256:${createHash('sha256').update(notification.rawBody).digest('hex')}`;
  const eventId = `${type}:${id}`;
  const reference = stringField(data, 'tx_ref') ?? null;
  const status = stringField(data, 'status') ?? null;
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
        failureReason: stringField(data, 'processor_response') ?? 'failed',
      };
}
