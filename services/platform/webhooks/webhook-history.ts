import type { WebhookEventStatus } from '../../../domain/webhooks';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { SqlParam } from '../../../infra/db/sql';

/** What the tenant sees of its outbound webhooks (CONTRACT §8): each event, its delivery status and every attempt. */

export type WebhookSql = TenantSql<'webhook_events' | 'webhook_attempts'>;

export interface WebhookAttemptRecord {
  id: string;
  number: number;
  series: number;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export interface WebhookEventRecord {
  id: string;
  event: string;
  status: WebhookEventStatus;
  createdAt: Date;
  occurredAt: Date;
  deliveredAt: Date | null;
  /** The test clock of the customer the event is about (its envelope's `testClockId`); null for ordinary events. */
  testClockId: string | null;
  /** The record as the API presented it when the event was recorded. */
  data: Record<string, unknown>;
  /** Series started so far (0: none, e.g. SKIPPED); the next redelivery is this + 1. */
  deliverySeries: number;
  /** Oldest first, series by series. */
  attempts: WebhookAttemptRecord[];
}

export interface WebhookEventFilters {
  event?: string;
  status?: WebhookEventStatus;
  /** Only the events of this test clock's customers (and its `test_clock.ready`). */
  testClockId?: string;
  /** Inclusive bounds on `createdAt`. */
  from?: Date;
  to?: Date;
}

interface EventRow {
  id: string;
  event_type: string;
  status: WebhookEventStatus;
  created_at: Date | string;
  occurred_at: Date | string;
  delivered_at: Date | string | null;
  test_clock_id: string | null;
  data: Record<string, unknown>;
  delivery_series: number;
}

interface AttemptRow {
  id: string;
  event_id: string;
  number: number;
  series: number;
  attempted_at: Date | string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

const EVENT_COLUMNS =
  'id, event_type, status, created_at, occurred_at, delivered_at, test_clock_id, data, delivery_series';

/** A page of events, newest first (ties broken by id, which is monotonic), each with its attempts. */
export async function listWebhookEvents(
  sql: WebhookSql,
  options: { filters: WebhookEventFilters; limit: number; offset: number },
): Promise<{ records: WebhookEventRecord[]; total: number }> {
  const { where, params } = whereClause(options.filters);
  const table = sql.table('webhook_events');
  const [rows, counts] = await Promise.all([
    sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${table} ${where} order by created_at desc, id desc limit ? offset ?`,
      [...params, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${table} ${where}`, params),
  ]);
  const attempts = await attemptsOf(
    sql,
    rows.map((row) => row.id),
  );
  return { records: rows.map((row) => toRecord(row, attempts)), total: Number(counts[0]?.total ?? 0) };
}

export async function findWebhookEvent(
  sql: WebhookSql,
  eventId: string,
  transaction?: SqlTransaction,
): Promise<WebhookEventRecord | undefined> {
  const row = await sql.one<EventRow>(
    `select ${EVENT_COLUMNS} from ${sql.table('webhook_events')} where id = ?`,
    [eventId],
    transaction,
  );
  if (row === undefined) return undefined;
  return toRecord(row, await attemptsOf(sql, [row.id], transaction));
}

function whereClause(filters: WebhookEventFilters): { where: string; params: SqlParam[] } {
  const conditions: string[] = [];
  const params: SqlParam[] = [];
  const add = (condition: string, value: SqlParam): void => {
    conditions.push(condition);
    params.push(value);
  };
  if (filters.event !== undefined) add('event_type = ?', filters.event);
  if (filters.status !== undefined) add('status = ?', filters.status);
  if (filters.testClockId !== undefined) add('test_clock_id = ?', filters.testClockId);
  if (filters.from !== undefined) add('created_at >= ?', filters.from);
  if (filters.to !== undefined) add('created_at <= ?', filters.to);
  return { where: conditions.length === 0 ? '' : `where ${conditions.join(' and ')}`, params };
}

async function attemptsOf(
  sql: WebhookSql,
  eventIds: readonly string[],
  transaction?: SqlTransaction,
): Promise<Map<string, WebhookAttemptRecord[]>> {
  const byEvent = new Map<string, WebhookAttemptRecord[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await sql.query<AttemptRow>(
    `select id, event_id, number, series, attempted_at, status_code, duration_ms, error, response_excerpt
       from ${sql.table('webhook_attempts')}
      where event_id in (${eventIds.map(() => '?').join(', ')}) order by event_id, series, number`,
    eventIds,
    transaction,
  );
  for (const row of rows) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push({
      id: row.id,
      number: row.number,
      series: row.series,
      attemptedAt: new Date(row.attempted_at),
      statusCode: row.status_code,
      durationMs: row.duration_ms,
      error: row.error,
      responseExcerpt: row.response_excerpt,
    });
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

function toRecord(row: EventRow, attempts: Map<string, WebhookAttemptRecord[]>): WebhookEventRecord {
  return {
    id: row.id,
    event: row.event_type,
    status: row.status,
    createdAt: new Date(row.created_at),
    occurredAt: new Date(row.occurred_at),
    deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at),
    testClockId: row.test_clock_id,
    data: row.data,
    deliverySeries: row.delivery_series,
    attempts: attempts.get(row.id) ?? [],
  };
}
