import type { TenantSql } from '../../../infra/db/tenant-sql';

/** A provider notification received for a payment, as `GET /payments/:id` lists it (CONTRACT §11). */
export interface PaymentEventRecord {
  /** The provider's event id (unique per provider). */
  id: string;
  paymentId: string;
  type: string;
  receivedAt: Date;
}

/** CONTRACT §11: provider notifications are kept 90 days for support; older ones are neither shown nor kept. */
export const PAYMENT_EVENT_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest instant a notification received by `now` is still kept at. */
export function paymentEventRetentionStart(now: Date): Date {
  return new Date(now.getTime() - PAYMENT_EVENT_RETENTION_DAYS * DAY_MS);
}

interface PaymentEventRow {
  event_id: string;
  payment_id: string;
  type: string;
  received_at: Date | string;
}

/**
 * The notifications of every payment of a page, oldest first per payment (the order they arrived, so the list reads
 * as the payment's story), in one statement. Payments without any are absent from the map. The payloads stay in the
 * table for support; the API shows id, type and time only. Past the retention they are gone from the answer even
 * before the purge (which runs as a tenant's new notifications arrive) deleted them.
 */
export async function listPaymentEventsOf(
  sql: TenantSql<'payment_events'>,
  paymentIds: readonly string[],
  now: Date,
): Promise<Map<string, PaymentEventRecord[]>> {
  const byPayment = new Map<string, PaymentEventRecord[]>();
  if (paymentIds.length === 0) return byPayment;
  // One text parameter split in SQL: raw SQL takes scalars only (an array would be expanded into a list).
  const rows = await sql.query<PaymentEventRow>(
    `select event_id, payment_id, type, received_at from ${sql.table('payment_events')}
      where payment_id = any(string_to_array(?, ',')) and received_at >= ?
      order by payment_id, received_at, event_id`,
    [paymentIds.join(','), paymentEventRetentionStart(now)],
  );
  for (const row of rows) {
    const event = {
      id: row.event_id,
      paymentId: row.payment_id,
      type: row.type,
      receivedAt: new Date(row.received_at),
    };
    const list = byPayment.get(event.paymentId);
    if (list === undefined) byPayment.set(event.paymentId, [event]);
    else list.push(event);
  }
  return byPayment;
}
