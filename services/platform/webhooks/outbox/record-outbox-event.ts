import type { SqlTransaction } from '../../../../infra/db/sql';
import type { TenantSql } from '../../../../infra/db/tenant-sql';
import { newId } from '../../../../infra/ids';
import type { WebhookEventType } from '../../../../domain/webhooks';
import { OUTBOX_CHANNEL } from './outbox-notifications';

/** An outbound event as its change describes it; the outbox gives it its id and delivery status. */
export interface OutboxEventInput {
  type: WebhookEventType;
  /** The affected record exactly as the API presents it (JSON-safe: money as numbers, instants as ISO strings). */
  data: Record<string, unknown>;
  /** When the change happened: the envelope's `timestamp` (a test clock's time for a customer on one). */
  occurredAt: Date;
  /** The test clock of the customer the event is about, carried in the envelope; null for every other event. */
  testClockId: string | null;
}

/**
 * Records an event in the tenant's outbox. Always pass the transaction of the change the event reports: the event
 * exists if and only if the change committed. Delivery (one workflow per event) is the outbound webhooks' business:
 * the relay (`services/platform/webhooks/outbox-relay.ts`) starts it. An event recorded while the tenant has no webhook URL is
 * SKIPPED (and dispatched) at once: setting a URL later does not send what happened before it.
 */
export async function recordOutboxEvent(
  sql: TenantSql<'webhook_events'>,
  transaction: SqlTransaction,
  event: OutboxEventInput,
): Promise<string> {
  const id = newId('webhookEvent');
  const row = await sql.one<{ status: string }>(
    `insert into ${sql.table('webhook_events')} (id, event_type, data, occurred_at, test_clock_id, status, dispatched_at)
     select ?, ?, ?::jsonb, ?, ?,
            case when tenant.webhook_url is null then 'SKIPPED' else 'PENDING' end,
            case when tenant.webhook_url is null then now() end
       from central.tenants tenant where tenant.id = ?
     returning status`,
    [id, event.type, JSON.stringify(event.data), event.occurredAt, event.testClockId, sql.tenantId],
    transaction,
  );
  if (row === undefined) throw new Error(`no tenant ${sql.tenantId} in central.tenants`);
  // Delivered at commit (and only then), naming the schema: the relay wakes at once instead of at its next sweep.
  if (row.status === 'PENDING') await sql.query('select pg_notify(?, ?)', [OUTBOX_CHANNEL, sql.schema], transaction);
  return id;
}

/**
 * Rewrites the data of an event recorded earlier in the same transaction (the relay cannot have seen it): an event
 * recorded first, so that it is delivered before those its change goes on to record, still shows the record as the
 * change left it.
 */
export async function rewriteOutboxEventData(
  sql: TenantSql<'webhook_events'>,
  transaction: SqlTransaction,
  event: { id: string; data: unknown },
): Promise<void> {
  await sql.query(
    `update ${sql.table('webhook_events')} set data = ?::jsonb where id = ?`,
    [JSON.stringify(event.data), event.id],
    transaction,
  );
}
