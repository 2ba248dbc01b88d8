import { createHash, timingSafeEqual } from 'node:crypto';
import type { InboundNotification, NotificationSecrets, ParsedNotification } from './gateway';

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

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
  if (token === undefined || token === '' || expected === null || !/^[0-9a-f]{64}$/.test(expected)) return false;
  const presented = createHash('sha256').update(token, 'utf8').digest();
  return timingSafeEqual(presented, Buffer.from(expected, 'hex'));
}

/**
 * Two callbacks arrive: the STK push result (`Body.stkCallback`, event id its CheckoutRequestID, unique per push) and
 * the reversal result (`Result`, event id its ConversationID, unique per reversal request; our refund id comes from
 * the ResultURL's `?refund=`). Anything else is ignored under a digest of its bytes.
 */
export function parseMpesaNotification(
  notification: InboundNotification,
  secrets: NotificationSecrets,
): ParsedNotification | null {
  if (!hasValidCallbackToken(notification, secrets)) return null;
  let body: Json | undefined;
  try {
    body = asObject(JSON.parse(notification.rawBody.toString('utf8')));
  } catch {
    return null;
  }
  const reference = mpesaReferenceOf(notification);
  const stk = asObject(asObject(body?.Body)?.stkCallback);
  const result = asObject(body?.Result);
  if (stk !== undefined && reference !== null) return stkResult(stk, reference);
  if (result !== undefined && reference !== null) return reversalResult(result, reference, notification);
  const digest = createHash('sha256').update(notification.rawBody).digest('hex');
  return { kind: 'ignored', eventId: `unrecognised:${digest}`, type: 'unrecognised', reference };
}

/** ResultCode 0 is paid (the receipt is in CallbackMetadata); 1032 cancelled, 1037 unreachable and others failed. */
function stkResult(stk: Json, reference: string): ParsedNotification {
  const eventId = asText(stk.CheckoutRequestID) ?? 'unknown';
  const type = 'stkCallback';
  if (asText(stk.ResultCode) !== '0') {
    const failureReason = asText(stk.ResultDesc) ?? `ResultCode ${asText(stk.ResultCode) ?? 'unknown'}`;
    return { kind: 'payment', eventId, type, reference, outcome: 'failed', failureReason };
  }
  const items = asObject(stk.CallbackMetadata)?.Item;
  const receipt = Array.isArray(items)
    ? asText(items.map(asObject).find((item) => item?.Name === 'MpesaReceiptNumber')?.Value)
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

function reversalResult(result: Json, reference: string, notification: InboundNotification): ParsedNotification {
  const conversationId = asText(result.ConversationID);
  const eventId = conversationId ?? asText(result.TransactionID) ?? 'unknown';
  const refundId = notification.query.refund ?? null;
  const succeeded = asText(result.ResultCode) === '0';
  return {
    kind: 'refund',
    eventId,
    type: 'reversalResult',
    reference,
    refundId: refundId === '' ? null : refundId,
    providerRefundId: conversationId,
    outcome: succeeded ? 'succeeded' : 'failed',
    failureReason: succeeded ? null : (asText(result.ResultDesc) ?? `ResultCode ${asText(result.ResultCode) ?? '?'}`),
  };
}
