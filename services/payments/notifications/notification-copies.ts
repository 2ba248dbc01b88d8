import type { ProviderNotificationSignal } from '../../../workflows/payments/messages';
import type { ParsedNotification } from '../gateways';

/** What the payment workflow is told of a verified notification (JSON); null for events it does not act on. */
export function signalOf(parsed: ParsedNotification, receivedAt: Date): ProviderNotificationSignal | null {
  switch (parsed.kind) {
    case 'payment':
      return {
        kind: 'payment',
        eventId: parsed.eventId,
        type: parsed.type,
        outcome: parsed.outcome,
        failureReason: parsed.failureReason,
        providerReference: parsed.providerReference ?? null,
        receivedAt: receivedAt.toISOString(),
      };
    case 'refund':
      return {
        kind: 'refund',
        eventId: parsed.eventId,
        type: parsed.type,
        refundId: parsed.refundId,
        providerRefundId: parsed.providerRefundId,
        amountMinor: parsed.amountMinor?.toString() ?? null,
        outcome: parsed.outcome,
        failureReason: parsed.failureReason,
        receivedAt: receivedAt.toISOString(),
      };
    case 'ignored':
      return null;
  }
}

/**
 * The body as JSON text for `jsonb`, kept for support. `jsonb` refuses NUL and lone UTF-16 surrogates, which a signed
 * body may still hold, so those (in keys and strings) are stored as U+FFFD; a body that is not JSON is kept as one
 * string. The signature was checked on the bytes as sent, never on this copy.
 */
export function payloadOf(rawBody: Buffer): string {
  const text = rawBody.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  try {
    return JSON.stringify(storable(parsed));
  } catch {
    // Nested deeper than the stack (only a signed body gets here): kept as its text.
    return JSON.stringify(storable(text));
  }
}

// eslint-disable-next-line no-control-regex -- NUL is what jsonb refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '\ufffd');
  if (Array.isArray(value)) return value.map(storable);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), storable(item)]));
  }
  return value;
}
