import type { ProviderKind } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

export type PaymentEventSql = TenantSql<'payment_events'>;

export interface NewPaymentEvent {
  provider: ProviderKind;
  eventId: string;
  paymentId: string;
  type: string;
  /** The notification's body as the provider sent it (JSON text); the query string, which may hold a token, never. */
  payload: string;
  receivedAt: Date;
}

/** Stores a provider event once (primary key: provider and event id); false when it was stored before. */
export async function insertPaymentEvent(
  sql: PaymentEventSql,
  transaction: SqlTransaction,
  event: NewPaymentEvent,
): Promise<boolean> {
  const rows = await sql.query<{ event_id: string }>(
    `insert into ${sql.table('payment_events')} (provider, event_id, payment_id, type, payload, received_at)
     values (?, ?, ?, ?, ?::jsonb, ?)
     on conflict (provider, event_id) do nothing
     returning event_id`,
    [event.provider, event.eventId, event.paymentId, event.type, event.payload, event.receivedAt],
    transaction,
  );
  return rows.length > 0;
}

/**
 * Deletes at most `limit` of the tenant's events received before `before`, oldest first, through the
 * `received_at` index; the number deleted. Bounded, so it can run beside every stored notification.
 */
export async function purgePaymentEvents(
  sql: PaymentEventSql,
  request: { before: Date; limit: number },
): Promise<number> {
  const table = sql.table('payment_events');
  const rows = await sql.query<{ event_id: string }>(
    `delete from ${table} where (provider, event_id) in (
       select provider, event_id from ${table} where received_at < ? order by received_at limit ?
     ) returning event_id`,
    [request.before, request.limit],
  );
  return rows.length;
}

/** Deletes one stored event of `paymentId` by its provider event id; false when there was none. */
export async function deletePaymentEvent(
  sql: PaymentEventSql,
  event: { paymentId: string; eventId: string },
): Promise<boolean> {
  const rows = await sql.query<{ event_id: string }>(
    `delete from ${sql.table('payment_events')} where payment_id = ? and event_id = ? returning event_id`,
    [event.paymentId, event.eventId],
  );
  return rows.length > 0;
}
