import type { WebhookDeliveryInput } from '../../../workflows/webhooks/messages';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { tenantSchemaName } from '../../../infra/db/tenant-schema';
import type { Logger } from '../../../infra/logger';
import { wallClock } from '../../../infra/wall-clock';
import { isUrgentWebhookEvent } from '../../../domain/webhooks';

/**
 * Starts the delivery workflow of one series, or finds it already started (running or finished): either way it
 * resolves, so the relay and a redelivery may both try. Throws only when Temporal could not be reached. Built where
 * workflow ids may be imported (`api/routes/webhook-events/delivery-starter.ts`). `urgent`: a delivery that goes ahead
 * of the others waiting on the task queue (`isUrgentWebhookEvent`).
 */
export type WebhookDeliveryStarter = (input: WebhookDeliveryInput, options?: { urgent: boolean }) => Promise<void>;

export interface RelayOptions {
  orm: Orm;
  start: WebhookDeliveryStarter;
  logger: Logger;
  /** Only these tenant schemas (a NOTIFY names the one that recorded events); every tenant when absent. */
  schemas?: ReadonlySet<string>;
  /** Rows claimed per round (default 100); their starts run concurrently. */
  batchSize?: number;
}

export interface RelayReport {
  started: string[];
  skipped: string[];
  failed: string[];
}

interface OutboxTenant {
  tenantId: string;
  schema: string;
  webhookUrl: string | null;
}

interface UndispatchedRow {
  id: string;
  event_type: string;
  occurred_at: Date | string;
  created_at: Date | string;
  test_clock_id: string | null;
  delivery_series: number;
}

type EventsSql = TenantSql<'webhook_events'>;

const DEFAULT_BATCH_SIZE = 100;

/**
 * One relay pass: every outbox event not yet dispatched (`dispatched_at` null) gets its delivery series started, or
 * is SKIPPED when its tenant has no webhook URL. Exactly one workflow per series, whatever crashes or runs at once:
 * - one relay per tenant at a time (a transaction-scoped advisory lock, tried, never waited for: a busy tenant is
 *   another relay's);
 * - `delivery_series` is committed before the start, so a workflow whose relay died before marking the row still
 *   finds its series on the row when it records the outcome; the next pass's start then finds the workflow
 *   (already started counts as started) and only marks the row.
 */
export async function relayOutbox(options: RelayOptions): Promise<RelayReport> {
  const report: RelayReport = { started: [], skipped: [], failed: [] };
  for (const tenant of await outboxTenants(options.orm, options.schemas)) {
    try {
      await relayTenant(options, tenant, report);
    } catch (error) {
      options.logger.warn({ err: error, tenantId: tenant.tenantId }, 'webhook relay failed for a tenant');
    }
  }
  return report;
}

async function relayTenant(options: RelayOptions, tenant: OutboxTenant, report: RelayReport): Promise<void> {
  const sql: EventsSql = tenantSql(options.orm, tenant.tenantId);
  if ((await undispatched(sql, 1)).length === 0) return;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  // The lock's transaction only holds the lock: the row updates commit on their own, before each start.
  await sql.transactional(async (lockTransaction) => {
    const lock = await sql.one<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked',
      [`billing:webhook-relay:${tenant.schema}`],
      lockTransaction,
    );
    if (lock?.locked !== true) return;
    for (;;) {
      const rows = await undispatched(sql, batchSize);
      if (rows.length === 0) return;
      const complete = await relayBatch(options, { sql, tenant, rows, report });
      if (!complete || rows.length < batchSize) return;
    }
  });
}

/** Returns false when a start failed: the rest waits for the next pass (Temporal is likely unreachable). */
async function relayBatch(
  options: RelayOptions,
  batch: { sql: EventsSql; tenant: OutboxTenant; rows: UndispatchedRow[]; report: RelayReport },
): Promise<boolean> {
  const { sql, tenant, rows, report } = batch;
  const ids = rows.map((row) => row.id);
  if (tenant.webhookUrl === null) {
    await updateRows(sql, "status = 'SKIPPED', dispatched_at = now()", ids);
    report.skipped.push(...ids);
    return true;
  }
  await updateRows(sql, 'delivery_series = greatest(delivery_series, 1)', ids);
  const results = await Promise.allSettled(
    rows.map((row) => {
      const series = Math.max(row.delivery_series, 1);
      const startedAt = seriesStart(row, series).toISOString();
      const input = { tenantId: tenant.tenantId, eventId: row.id, series, startedAt };
      return options.start(input, { urgent: isUrgentWebhookEvent(row.event_type) });
    }),
  );
  const started = ids.filter((_, index) => results[index]?.status === 'fulfilled');
  if (started.length > 0) await updateRows(sql, 'dispatched_at = now()', started);
  report.started.push(...started);
  const failed = ids.filter((id) => !started.includes(id));
  if (failed.length > 0) {
    const reason = results.find((result) => result.status === 'rejected')?.reason as unknown;
    options.logger.warn({ err: reason, tenantId: tenant.tenantId, failed }, 'webhook delivery start failed');
    report.failed.push(...failed);
  }
  return failed.length === 0;
}

/**
 * When a series' attempt ladder starts. Delivery runs in real time, test clock or not (outbound webhooks are sent in
 * real time even under a test clock), so a clock customer's first series starts when its event was recorded: its
 * `occurred_at` is the clock's time, which may lie months ahead (the ladder would wait for it) or behind (every
 * attempt would be overdue at once). A redelivery whose own start failed (its API process died) starts now.
 */
function seriesStart(row: UndispatchedRow, series: number): Date {
  if (series > 1) return wallClock.now();
  return new Date(row.test_clock_id === null ? row.occurred_at : row.created_at);
}

async function undispatched(sql: EventsSql, limit: number): Promise<UndispatchedRow[]> {
  return sql.query<UndispatchedRow>(
    `select id, event_type, occurred_at, created_at, test_clock_id, delivery_series from ${sql.table('webhook_events')}
      where dispatched_at is null order by created_at, id limit ?`,
    [limit],
  );
}

async function updateRows(sql: EventsSql, assignments: string, ids: readonly string[]): Promise<void> {
  await sql.query(
    `update ${sql.table('webhook_events')} set ${assignments}
      where dispatched_at is null and id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
}

/** Tenants whose schema has the outbox (a tenant row may briefly exist before its schema), with their target. */
async function outboxTenants(orm: Orm, only: ReadonlySet<string> | undefined): Promise<OutboxTenant[]> {
  const sql = sqlOf(orm);
  const [tenants, schemas] = await Promise.all([
    sql.query<{ id: string; webhook_url: string | null }>('select id, webhook_url from central.tenants order by id'),
    sql.query<{ schema: string }>(
      "select table_schema as schema from information_schema.tables where table_name = 'webhook_events'",
    ),
  ]);
  const present = new Set(schemas.map((row) => row.schema));
  return tenants
    .map((row) => ({ tenantId: row.id, schema: tenantSchemaName(row.id), webhookUrl: row.webhook_url }))
    .filter((tenant) => present.has(tenant.schema) && (only === undefined || only.has(tenant.schema)));
}
