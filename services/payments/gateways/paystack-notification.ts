import { createHash } from 'node:crypto';
import type { ParsedNotification } from './gateway';
import { fromPaystackReference } from './paystack-reference';
import { asObject, integerField, type JsonObject, parseJsonObject, stringField } from './provider-json';

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
 * same id, a refund's `refund.processed` after its `refund.failed` (or the reverse) has another, and a charge and its
 * refunds do not collide. A refund event without `data.id` uses Paystack's `refund_reference` instead; one with
 * neither, a digest of its body (a redelivery is byte for byte the same; two refunds of the same amount are not).
 * Returns null for a signed body that is not a Paystack event (no `event`).
 */
export function parsePaystackEvent(rawBody: Buffer): ParsedNotification | null {
  const body = parseJsonObject(rawBody);
  const type = stringField(body, 'event');
  if (type === undefined) return null;
  const data = paystackEventData(body);
  const reference = paystackReferenceOf(data);
  const eventId = `${type}:${paystackEventKey(data, rawBody)}`;
  const ignored: ParsedNotification = { kind: 'ignored', eventId, type, reference };
  if (reference === null) return ignored;
  switch (type) {
    case 'charge.success':
      return { kind: 'payment', eventId, type, reference, outcome: 'succeeded', failureReason: null };
    case 'refund.processed':
    case 'refund.failed': {
      // Paystack does not echo our refund id: the refund is found by Paystack's id, which the refund call returned,
      // else by its amount (refund-matching.ts). Paystack's subunit is our minor unit in every currency it takes.
      const amountMinor = integerField(data, 'amount');
      return {
        kind: 'refund',
        eventId,
        type,
        reference,
        refundId: null,
        providerRefundId: stringField(data, 'id') ?? null,
        ...(amountMinor === undefined ? {} : { amountMinor }),
        outcome: type === 'refund.processed' ? 'succeeded' : 'failed',
        failureReason: type === 'refund.failed' ? 'Paystack could not process the refund (refund.failed)' : null,
      };
    }
    default:
      return ignored;
  }
}

/** Paystack's own id of what the event is about, else its refund reference, else a digest of the body. */
function paystackEventKey(data: JsonObject | undefined, rawBody: Buffer): string {
  const id = stringField(data, 'id');
  if (id !== undefined) return id;
  const refundReference = stringField(data, 'refund_reference');
  if (refundReference !== undefined) return `refund_reference:${refundReference}`;
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}
