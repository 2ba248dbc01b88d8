import type { ProviderPaymentOutcome } from '../../../domain/payments';
import type { ParsedNotification } from './gateway';
import { asObject, type JsonObject, parseJsonObject, stringField } from './provider-json';

/**
 * Our reference in a Stripe event: the Checkout Session's `client_reference_id`, else the `metadata.reference` that
 * both the session and its PaymentIntent carry, and that our refunds carry (a Refund has no client_reference_id).
 */
export function stripeReferenceOf(eventObject: JsonObject | undefined): string | null {
  return (
    stringField(eventObject, 'client_reference_id') ?? stringField(asObject(eventObject?.metadata), 'reference') ?? null
  );
}

/** The event's `data.object` of an unverified or verified body. */
export function stripeEventObject(event: JsonObject | undefined): JsonObject | undefined {
  return asObject(asObject(event?.data)?.object);
}

/**
 * A verified Stripe event (CONTRACT §11) as what it means for a payment or refund. `eventId` is Stripe's own `evt_…`
 * id, unique per account and the same on every redelivery of the event, so storing it once makes a repeat harmless.
 * Returns null for a body that is not a Stripe event at all (signed, but without id or type).
 */
export function parseStripeEvent(rawBody: Buffer): ParsedNotification | null {
  const event = parseJsonObject(rawBody);
  const eventId = stringField(event, 'id');
  const type = stringField(event, 'type');
  if (eventId === undefined || type === undefined) return null;
  const object = stripeEventObject(event);
  const reference = stripeReferenceOf(object);
  const ignored: ParsedNotification = { kind: 'ignored', eventId, type, reference };
  if (reference === null) return ignored;
  const payment = (outcome: ProviderPaymentOutcome, failureReason: string | null): ParsedNotification => ({
    kind: 'payment',
    eventId,
    type,
    reference,
    outcome,
    failureReason,
  });
  switch (type) {
    // `completed` with payment_status `unpaid` is a delayed method (bank debit) still in flight: its
    // async_payment_succeeded or _failed follows, so this one changes nothing.
    case 'checkout.session.completed':
      return stringField(object, 'payment_status') === 'paid' ? payment('succeeded', null) : ignored;
    case 'checkout.session.async_payment_succeeded':
      return payment('succeeded', null);
    case 'checkout.session.async_payment_failed':
      return payment('failed', 'The delayed payment method failed (Stripe checkout.session.async_payment_failed)');
    case 'checkout.session.expired':
      return payment('expired', 'expired');
    case 'refund.updated':
      return parseRefundUpdate({ eventId, type, reference, refund: object }) ?? ignored;
    default:
      return ignored;
  }
}

/** `refund.updated` counts only when the refund reached a final state; pending and requires_action are steps. */
function parseRefundUpdate(event: {
  eventId: string;
  type: string;
  reference: string;
  refund: JsonObject | undefined;
}): ParsedNotification | null {
  const status = stringField(event.refund, 'status');
  const base = {
    kind: 'refund' as const,
    eventId: event.eventId,
    type: event.type,
    reference: event.reference,
    refundId: stringField(asObject(event.refund?.metadata), 'refund_id') ?? null,
    providerRefundId: stringField(event.refund, 'id') ?? null,
  };
  if (status === 'succeeded') return { ...base, outcome: 'succeeded', failureReason: null };
  if (status === 'failed' || status === 'canceled') {
    const reason = stringField(event.refund, 'failure_reason') ?? status;
    return { ...base, outcome: 'failed', failureReason: reason };
  }
  return null;
}
