import { deletePaymentEvent, type PaymentEventSql } from './payment-event-store';

/**
 * A notification whose claim the provider's API contradicted (a failure the API answers as pending or paid, a success
 * it answers as failed) is no longer counted as received: its stored event is removed, so it is not listed in the
 * payment's `events` and no longer makes the next notification with the same event id a repeat. Whoever knows a
 * webhook secret could otherwise send a false claim first and have the provider's genuine notification dropped.
 * The row is removed rather than marked: the false body stays in the request log, and a row kept for support would
 * still need every reader and the insert's conflict rule to skip it. Event ids are unique per provider, and a payment
 * has one provider, so the payment and the event id name one row. True when a row was removed.
 */
export async function forgetContradictedNotification(
  sql: PaymentEventSql,
  event: { paymentId: string; eventId: string },
): Promise<boolean> {
  return deletePaymentEvent(sql, event);
}
