import type { OutboxEvent, TenantSigningSecrets, WebhookSeriesOutcome } from '../../../domain/webhooks';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import type { SqlParam } from '../../../infra/db/sql';

/** The reads and writes of one delivery workflow's activities, on the tenant's `webhook_events` and attempts. */

type DeliverySql = TenantSql<'webhook_events' | 'webhook_attempts'>;

export interface WebhookDelivery {
  event: OutboxEvent;
  /** The event's latest attempt series: a redelivery started after the caller's own has replaced it. */
  series: number;
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

interface DeliveryRow {
  id: string;
  delivery_series: number;
  event_type: string;
  occurred_at: Date | string;
  test_clock_id: string | null;
  data: unknown;
  webhook_url: string | null;
  webhook_signing_secret: string;
  previous_webhook_signing_secret: string | null;
  webhook_secret_rotated_at: Date | string | null;
}

/**
 * The event and its tenant's current target and secrets, in one query (one round trip on the attempt's hot path);
 * undefined when the event (or tenant) no longer exists.
 */
export async function findWebhookDelivery(
  orm: Orm,
  target: { tenantId: string; eventId: string },
): Promise<WebhookDelivery | undefined> {
  const sql: DeliverySql = tenantSql(orm, target.tenantId);
  const row = await sql.one<DeliveryRow>(
    `select e.id, e.delivery_series, e.event_type, e.occurred_at, e.test_clock_id, e.data, t.webhook_url,
            t.webhook_signing_secret,
            t.previous_webhook_signing_secret, t.webhook_secret_rotated_at
       from ${sql.table('webhook_events')} e, central.tenants t
      where e.id = ? and t.id = ?`,
    [target.eventId, sql.tenantId],
  );
  if (row === undefined) return undefined;
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
  return {
    event: {
      id: row.id,
      type: row.event_type,
      occurredAt: new Date(row.occurred_at),
      testClockId: row.test_clock_id,
      data: data as Record<string, unknown>,
    },
    series: row.delivery_series,
    webhookUrl: row.webhook_url,
    secrets: {
      current: row.webhook_signing_secret,
      previous: row.previous_webhook_signing_secret,
      rotatedAt: row.webhook_secret_rotated_at === null ? null : new Date(row.webhook_secret_rotated_at),
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
  const rows = await sql.query<{ id: string }>(`${insertAttemptStatement(sql)} returning id`, attemptValues(attempt));
  return rows.length > 0;
}

/**
 * An acknowledged attempt and its series' DELIVERED outcome in one statement (one round trip, one transaction: both
 * or neither), so a delivery needs no second activity. The attempt is written once as by `insertWebhookAttempt`; the
 * outcome only while the row still names this series, as by `markWebhookDeliveryOutcome`. PostgreSQL runs both
 * data-modifying parts of the WITH to completion whether or not the final select reads them. Returns whether the
 * attempt was written by this call.
 */
export async function insertDeliveredWebhookAttempt(orm: Orm, attempt: WebhookAttemptRow): Promise<boolean> {
  const sql: DeliverySql = tenantSql(orm, attempt.tenantId);
  const row = await sql.one<{ recorded: boolean }>(
    `with attempt as (${insertAttemptStatement(sql)} returning id),
          outcome as (
            update ${sql.table('webhook_events')} set status = 'DELIVERED', delivered_at = ?
             where id = ? and delivery_series = ?)
     select exists (select 1 from attempt) as recorded`,
    [...attemptValues(attempt), attempt.attemptedAt, attempt.eventId, attempt.series],
  );
  return row?.recorded === true;
}

function insertAttemptStatement(sql: DeliverySql): string {
  return `insert into ${sql.table('webhook_attempts')}
       (id, event_id, series, number, attempted_at, status_code, duration_ms, error, response_excerpt)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (event_id, series, number) do nothing`;
}

function attemptValues(attempt: WebhookAttemptRow): SqlParam[] {
  return [
    newId('webhookAttempt'),
    attempt.eventId,
    attempt.series,
    attempt.number,
    attempt.attemptedAt,
    attempt.statusCode,
    attempt.durationMs,
    attempt.error,
    attempt.responseExcerpt,
  ];
}

/**
 * The outcome of a series: DELIVERED (with the acknowledged attempt's time) or FAILED. Only while the row still
 * names this series (the agreed state machine): a later series owns the row once a redelivery has claimed it. FAILED
 * never replaces DELIVERED: an attempt that wrote DELIVERED and then lost its completion (a worker killed in between)
 * leaves its workflow on the ladder, and its later failures do not undo an acknowledged delivery.
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
      where id = ? and delivery_series = ? and (status <> 'DELIVERED' or ?::text = 'DELIVERED')
      returning id`,
    [
      outcome.status,
      outcome.status === 'DELIVERED' ? outcome.at : null,
      outcome.eventId,
      outcome.series,
      outcome.status,
    ],
  );
  return rows.length > 0;
}
