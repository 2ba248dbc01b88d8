import type { WebhookDeliveryStarter } from './outbox-relay';
import { findWebhookEvent, type WebhookEventRecord, type WebhookSql } from './webhook-history';

export type RedeliveryError = { code: 'webhook_event_not_found' } | { code: 'webhook_url_not_set' };

export type RedeliveryResult =
  | {
      ok: true;
      event: WebhookEventRecord;
      /** Why the start failed, if it did: the row is left undispatched, so the relay starts the series instead. */
      startError?: unknown;
    }
  | { ok: false; error: RedeliveryError };

/**
 * Starts a new attempt series for an event (CONTRACT §8), whatever its status; refused only while the tenant has no
 * webhook URL. The row is locked, set PENDING with the next series and `dispatched_at` null, and committed before the
 * start: the series is on the row before its workflow can record an outcome, and if the start fails (or this process
 * dies) the relay finds the undispatched row and starts the same series. A series still running when it is replaced
 * (the event was PENDING, its ladder waiting between attempts) stops at its next attempt without sending, and its
 * outcome no longer touches the row: only the latest series delivers.
 */
export async function redeliverWebhookEvent(options: {
  sql: WebhookSql;
  eventId: string;
  start: WebhookDeliveryStarter;
  now: Date;
}): Promise<RedeliveryResult> {
  const { sql, eventId } = options;
  const claimed = await claimNextSeries(sql, eventId);
  if (!claimed.ok) return claimed;
  const { series } = claimed;
  let startError: unknown;
  try {
    await options.start({ tenantId: sql.tenantId, eventId, series, startedAt: options.now.toISOString() });
    await sql.query(
      `update ${sql.table('webhook_events')} set dispatched_at = now()
        where id = ? and delivery_series = ? and dispatched_at is null`,
      [eventId, series],
    );
  } catch (error) {
    startError = error;
  }
  const event = await findWebhookEvent(sql, eventId);
  if (event === undefined) return { ok: false, error: { code: 'webhook_event_not_found' } };
  return startError === undefined ? { ok: true, event } : { ok: true, event, startError };
}

async function claimNextSeries(
  sql: WebhookSql,
  eventId: string,
): Promise<{ ok: true; series: number } | { ok: false; error: RedeliveryError }> {
  return sql.transactional(async (transaction) => {
    // No KEY UPDATE: attempts being recorded (their foreign key takes KEY SHARE) are not held up by the lock.
    const row = await sql.one<{ id: string }>(
      `select id from ${sql.table('webhook_events')} where id = ? for no key update`,
      [eventId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: { code: 'webhook_event_not_found' } };
    const tenant = await sql.one<{ webhook_url: string | null }>(
      'select webhook_url from central.tenants where id = ?',
      [sql.tenantId],
      transaction,
    );
    if (tenant?.webhook_url == null) return { ok: false, error: { code: 'webhook_url_not_set' } };
    const updated = await sql.one<{ delivery_series: number }>(
      `update ${sql.table('webhook_events')}
          set status = 'PENDING', delivery_series = delivery_series + 1, delivered_at = null, dispatched_at = null
        where id = ? returning delivery_series`,
      [eventId],
      transaction,
    );
    if (updated === undefined) return { ok: false, error: { code: 'webhook_event_not_found' } };
    return { ok: true, series: updated.delivery_series };
  });
}
