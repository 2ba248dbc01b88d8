import type { ParsedNotification } from './gateway';
import { fromPaystackReference } from './paystack-reference';
import { asObject, type JsonObject, parseJsonObject, stringField } from './provider-json';

/**
 * Our reference in a Paystack event: a charge's `data.reference`, a refund's `data.transaction_reference` (the
 * refunded transaction's reference, which is ours), mapped back from Paystack's spelling.
 */
export function paystackReferenceOf(data: JsonObject | undefined): string | null {
  const reference = stringField(data, 'reference') ?? stringField(data, 'transaction_reference');
  return reference === undefined ? null : fromPaystackReference(reference);
}

export function paystackEventData(body: JsonObject | undefined): JsonObject | undefined {
  return asObject(body?.data);
}

/**
 * A verified Paystack event (CONTRACT §11). Paystack sends no event id, so `eventId` is `<event>:<data.id>`: a charge
 * event's `data.id` is the transaction's id, a refund event's the refund's, so a redelivery of the same event has the
 * same id while a charge and its refunds do not collide. A refund event without `data.id` (Paystack's samples of
 * some refund events omit it) falls back to `refund_reference`, then to the refunded transaction and amount.
 * Returns null for a signed body that is not a Paystack event (no `event`).
 */
export function parsePaystackEvent(rawBody: Buffer): ParsedNotification | null {
  const body = parseJsonObject(rawBody);
  const type = stringField(body, 'event');
  if (type === undefined) return null;
  const data = paystackEventData(body);
  const reference = paystackReferenceOf(data);
  const eventKey =
    stringField(data, 'id') ??
    stringField(data, 'refund_reference') ??
    `${stringField(data, 'transaction_reference') ?? ''}:${stringField(data, 'amount') ?? ''}`;
  const eventId = `${type}:${eventKey}`;
  const ignored: ParsedNotification = { kind: 'ignored', eventId, type, reference };
  if (reference === null) return ignored;
  switch (type) {
    case 'charge.success':
      return { kind: 'payment', eventId, type, reference, outcome: 'succeeded', failureReason: null };
    case 'refund.processed':
    case 'refund.failed':
      // Paystack does not echo our refund id: the refund is found by Paystack's id, which the refund call returned.
      return {
        kind: 'refund',
        eventId,
        type,
        reference,
        refundId: null,
        providerRefundId: stringField(data, 'id') ?? stringField(data, 'refund_reference') ?? null,
        outcome: type === 'refund.processed' ? 'succeeded' : 'failed',
        failureReason: type === 'refund.failed' ? 'Paystack could not process the refund (refund.failed)' : null,
      };
    default:
      return ignored;
  }
}
