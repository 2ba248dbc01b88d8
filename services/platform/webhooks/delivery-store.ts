import type { OutboxEvent, TenantSigningSecrets, WebhookSeriesOutcome } from '../../../domain/webhooks';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';

/** The reads and writes of one delivery workflow's activities, on the tenant's `webhook_events` and attempts. */

type DeliverySql = TenantSql<'webhook_events' | 'webhook_attempts'>;

export interface WebhookDelivery {
  event: OutboxEvent;
  /** Where to send now: null when the tenant has removed its webhook URL since the event was recorded. */
  webhookUrl: string | null;
  secrets: TenantSigningSecrets;
}

export interface WebhookAttemptRow {
  tenantId: string;
  eventId: string;
  series: number;
  number: number;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

/** The event and its tenant's current target and secrets; undefined when the event (or tenant) no longer exists. */
export async function findWebhookDelivery(
  orm: Orm,
  target: { tenantId: string; eventId: string },
): Promise<WebhookDelivery | undefined> {
  const sql: DeliverySql = tenantSql(orm, target.tenantId);
  const [event, tenant] = await Promise.all([
    sql.one<{
      id: string;
      event_type: string;
      occurred_at: Date | string;
      test_clock_id: string | null;
      data: unknown;
    }>(`select id, event_type, occurred_at, test_clock_id, data from ${sql.table('webhook_events')} where id = ?`, [
      target.eventId,
    ]),
    sql.one<{
      webhook_url: string | null;
      webhook_signing_secret: string;
      previous_webhook_signing_secret: string | null;
      webhook_secret_rotated_at: Date | string | null;
    }>(
      `select webhook_url, webhook_signing_secret, previous_webhook_signing_secret, webhook_secret_rotated_at
         from central.tenants where id = ?`,
      [sql.tenantId],
    ),
  ]);
  if (event === undefined || tenant === undefined) return undefined;
  const data = typeof event.data === 'string' ? (JSON.parse(event.data) as unknown) : event.data;
  return {
    event: {
      id: event.id,
      type: event.event_type,
      occurredAt: new Date(event.occurred_at),
      testClockId: event.test_clock_id,
      data: data as Record<string, unknown>,
    },
    webhookUrl: tenant.webhook_url,
    secrets: {
      current: tenant.webhook_signing_secret,
      previous: tenant.previous_webhook_signing_secret,
      rotatedAt: tenant.webhook_secret_rotated_at === null ? null : new Date(tenant.webhook_secret_rotated_at),
    },
  };
}

/**
 * Records one attempt, once: (event, series, number) is unique, so a second write of the same attempt (an activity
 * that recorded it and then lost its completion, the workflow's fallback after a crash) keeps the first row.
 * Returns whether this call wrote it.
 */
export async function insertWebhookAttempt(orm: Orm, attempt: WebhookAttemptRow): Promise<boolean> {
  const sql: DeliverySql = tenantSql(orm, attempt.tenantId);
  const rows = await sql.query<{ id: string }>(
    `insert into ${sql.table('webhook_attempts')}
       (id, event_id, series, number, attempted_at, status_code, duration_ms, error, response_excerpt)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (event_id, series, number) do nothing
     returning id`,
    [
      newId('webhookAttempt'),
      attempt.eventId,
      attempt.series,
      attempt.number,
      attempt.attemptedAt,
      attempt.statusCode,
      attempt.durationMs,
      attempt.error,
      attempt.responseExcerpt,
    ],
  );
  return rows.length > 0;
}

/**
 * The outcome of a series: DELIVERED (with the acknowledged attempt's time) or FAILED. Only while the row still
 * names this series (the agreed state machine): a later series owns the row once a redelivery has claimed it.
 * Returns whether the row was updated.
 */
export async function markWebhookDeliveryOutcome(
  orm: Orm,
  outcome: { tenantId: string; eventId: string; series: number; status: WebhookSeriesOutcome; at: Date },
): Promise<boolean> {
  const sql: DeliverySql = tenantSql(orm, outcome.tenantId);
  const rows = await sql.query<{ id: string }>(
    `update ${sql.table('webhook_events')}
        set status = ?, delivered_at = ?
      where id = ? and delivery_series = ?
      returning id`,
    [outcome.status, outcome.status === 'DELIVERED' ? outcome.at : null, outcome.eventId, outcome.series],
  );
  return rows.length > 0;
}
