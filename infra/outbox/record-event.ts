import type { SqlTransaction } from '../db/migrator';
import type { TenantSql } from '../db/tenant-sql';
import { newId } from '../ids';
import { OUTBOX_CHANNEL } from './outbox-notifications';

/** The events of SPEC §6.2. */
export const EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'subscription.created',
  'subscription.renewed',
  'subscription.canceled',
  'subscription.paused',
  'subscription.resumed',
  'subscription.past_due',
  'invoice.created',
  'invoice.paid',
  'invoice.voided',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NewEvent {
  type: EventType;
  /** The affected record exactly as the API presents it (JSON-safe: money as numbers, instants as ISO strings). */
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Records an event in the tenant's outbox. Always pass the transaction of the change the event reports: the event
 * exists if and only if the change committed. Delivery (one workflow per event) is the outbound webhooks' business:
 * the relay (`infra/webhooks/outbox-relay.ts`) starts it.
 */
export async function recordEvent(
  sql: TenantSql<'webhook_events'>,
  transaction: SqlTransaction,
  event: NewEvent,
): Promise<string> {
  const id = newId('webhookEvent');
  await sql.query(
    `insert into ${sql.table('webhook_events')} (id, event_type, data, occurred_at) values (?, ?, ?::jsonb, ?)`,
    [id, event.type, JSON.stringify(event.data), event.occurredAt],
    transaction,
  );
  // Delivered at commit (and only then), naming the schema: the relay wakes at once instead of at its next sweep.
  await sql.query('select pg_notify(?, ?)', [OUTBOX_CHANNEL, sql.schema], transaction);
  return id;
}
