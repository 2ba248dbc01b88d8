import { createHash } from 'node:crypto';
import { constantTimeEqual } from './constant-time';
import type { InboundNotification, NotificationSecrets, ParsedNotification } from './gateway';
import { asObject, parseJsonObject, stringField, type JsonObject } from './provider-json';

/** Daraja posts to the callback URL we gave it; that URL carries our reference (`?reference=`). */
export function mpesaReferenceOf(notification: InboundNotification): string | null {
  const reference = notification.query.reference;
  return reference === undefined || reference === '' ? null : reference;
}

/**
 * Daraja signs nothing. Each payment's callback URL carries a secret token (`?token=`) that only Daraja and we know;
 * its SHA-256 is stored, and the presented token's hash is compared in constant time. A success is confirmed through
 * the STK query before any money is applied (CONTRACT §11).
 */
export function hasValidCallbackToken(notification: InboundNotification, secrets: NotificationSecrets): boolean {
  const token = notification.query.token;
  const expected = secrets.callbackTokenHash;
  if (token === undefined || token === '' || expected === null) return false;
  return constantTimeEqual(expected, createHash('sha256').update(token, 'utf8').digest('hex'));
}

/**
 * Two callbacks arrive: the STK push result (`Body.stkCallback`, event id its CheckoutRequestID, unique per push) and
 * the reversal result (`Result`, event id its ConversationID, unique per reversal request; our refund id comes from
 * the ResultURL's `?refund=`). Anything else is ignored, keyed by a digest of its bytes.
 */
export function parseMpesaNotification(
  notification: InboundNotification,
  secrets: NotificationSecrets,
): ParsedNotification | null {
  if (!hasValidCallbackToken(notification, secrets)) return null;
  const body = parseJsonObject(notification.rawBody);
  if (body === undefined) return null;
  const reference = mpesaReferenceOf(notification);
  // A body without its id still gets one that a repeat of it shares and no other body does.
  const digest = `sha256:${createHash('sha256').update(notification.rawBody).digest('hex')}`;
  const stk = asObject(asObject(body.Body)?.stkCallback);
  const result = asObject(body.Result);
  if (stk !== undefined && reference !== null) return stkResult(stk, reference, digest);
  if (result !== undefined && reference !== null) return reversalResult(result, { reference, digest, notification });
  return { kind: 'ignored', eventId: digest, type: 'unrecognised', reference };
}

/** ResultCode 0 is paid (the receipt is in CallbackMetadata); 1032 cancelled, 1037 unreachable and others failed. */
function stkResult(stk: JsonObject, reference: string, digest: string): ParsedNotification {
  const eventId = stringField(stk, 'CheckoutRequestID') ?? digest;
  const type = 'stkCallback';
  if (stringField(stk, 'ResultCode') !== '0') {
    const failureReason = stringField(stk, 'ResultDesc') ?? `ResultCode ${stringField(stk, 'ResultCode') ?? 'unknown'}`;
    return { kind: 'payment', eventId, type, reference, outcome: 'failed', failureReason };
  }
  const items = asObject(stk.CallbackMetadata)?.Item;
  const receipt = Array.isArray(items)
    ? (stringField(
        items.map(asObject).find((item) => item?.Name === 'MpesaReceiptNumber'),
        'Value',
      ) ?? null)
    : null;
  return {
    kind: 'payment',
    eventId,
    type,
    reference,
    outcome: 'succeeded',
    failureReason: null,
    ...(receipt === null ? {} : { providerReference: receipt }),
  };
}

function reversalResult(
  result: JsonObject,
  { reference, digest, notification }: { reference: string; digest: string; notification: InboundNotification },
): ParsedNotification {
  const conversationId = stringField(result, 'ConversationID') ?? null;
  const eventId = conversationId ?? stringField(result, 'TransactionID') ?? digest;
  const refundId = notification.query.refund ?? null;
  const succeeded = stringField(result, 'ResultCode') === '0';
  return {
    kind: 'refund',
    eventId,
    type: 'reversalResult',
    reference,
    refundId: refundId === '' ? null : refundId,
    providerRefundId: conversationId,
    outcome: succeeded ? 'succeeded' : 'failed',
    failureReason: succeeded
      ? null
      : (stringField(result, 'ResultDesc') ?? `ResultCode ${stringField(result, 'ResultCode') ?? '?'}`),
  };
}
