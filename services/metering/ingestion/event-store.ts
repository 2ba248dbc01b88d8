import { executeBound, queryBound } from '../../../infra/db/bound-statement';
import type { SqlTransaction } from '../../../infra/db/sql';
import {
  EVENT_COLUMNS,
  toEventRecord,
  type EventProperties,
  type EventRecord,
  type EventRow,
  type EventSql,
} from './event-records';

/** A row to store, its id made by the caller; rows go in in the order given, so `seq` follows it. */
export interface NewEventRow {
  id: string;
  transactionId: string;
  subscriptionId: string;
  customerId: string;
  code: string;
  timestamp: Date;
  properties: EventProperties;
  /** When it was received on its customer's test clock; null for a customer on the wall clock (the database's now). */
  createdAt: Date | null;
}

/**
 * Stores the rows with one statement (`json_to_recordset` over one JSON parameter, bound rather than inlined into the
 * statement's text, in input order) and skips every
 * transactionId already stored, committed by a concurrent batch included: the unique index makes a conflicting
 * insert wait for the other transaction, then do nothing. Returns how many rows it stored: reading back which ones
 * is needed only when that is fewer than given, so an ordinary batch returns no rows.
 */
export async function insertEventRows(
  sql: EventSql,
  rows: readonly NewEventRow[],
  transaction: SqlTransaction,
): Promise<number> {
  if (rows.length === 0) return 0;
  return executeBound(transaction, insertStatement(sql), [toRecordsetJson(rows)]);
}

/** As insertEventRows for one row, returning the stored record (undefined when its transactionId was taken). */
export async function insertEventRow(
  sql: EventSql,
  row: NewEventRow,
  transaction: SqlTransaction,
): Promise<EventRecord | undefined> {
  const [stored] = await queryBound<EventRow>(transaction, `${insertStatement(sql)} returning ${EVENT_COLUMNS}`, [
    toRecordsetJson([row]),
  ]);
  return stored === undefined ? undefined : toEventRecord(stored);
}

function insertStatement(sql: EventSql): string {
  return `insert into ${sql.table('events')}
                 (id, transaction_id, subscription_id, customer_id, code, timestamp, properties, created_at)
          select r.i, r.t, r.s, r.c, r.k, r.ts, r.p, coalesce(r.ca, now())
            from json_to_recordset($1::json)
                 as r (n integer, i text, t text, s text, c text, k text, ts timestamptz, p jsonb, ca timestamptz)
           order by r.n
              on conflict (transaction_id) do nothing`;
}

/**
 * The rows as one JSON array with short keys (the statement's recordset columns): less text to send and parse. The
 * events of a batch mostly share a few timestamps, and `toISOString` was most of this function's time: each distinct
 * instant is written once.
 */
function toRecordsetJson(rows: readonly NewEventRow[]): string {
  const written = new Map<number, string>();
  const textOf = (instant: Date): string => {
    const known = written.get(instant.getTime());
    if (known !== undefined) return known;
    const text = instant.toISOString();
    written.set(instant.getTime(), text);
    return text;
  };
  return JSON.stringify(
    rows.map((row, n) => ({
      n,
      i: row.id,
      t: row.transactionId,
      s: row.subscriptionId,
      c: row.customerId,
      k: row.code,
      ts: textOf(row.timestamp),
      p: row.properties,
      // Only a test clock's rows carry it: ordinary batches send no more text than before.
      ...(row.createdAt === null ? {} : { ca: textOf(row.createdAt) }),
    })),
  );
}

/** The stored events with these transactionIds, by transactionId. */
export async function findEventsByTransactionIds(
  sql: EventSql,
  transactionIds: readonly string[],
  transaction?: SqlTransaction,
): Promise<Map<string, EventRecord>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from ${sql.table('events')}
      where transaction_id in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(transactionIds)],
    transaction,
  );
  return new Map(rows.map((row) => [row.transaction_id, toEventRecord(row)]));
}

export async function findEvent(sql: EventSql, id: string): Promise<EventRecord | undefined> {
  const row = await sql.one<EventRow>(`select ${EVENT_COLUMNS} from ${sql.table('events')} where id = ?`, [id]);
  return row === undefined ? undefined : toEventRecord(row);
}

export interface SubscriptionEventFilters {
  code?: string;
  /** At or after. */
  from?: Date;
  /** At or before. */
  to?: Date;
}

/**
 * A page of one subscription's events, newest timestamp first (ties: the later ingested first), read on the
 * (subscription_id, timestamp desc, seq desc) index. The total is counted apart: a window count would read every
 * matching row whole, where the count alone is an index-only scan of either index.
 */
export async function listSubscriptionEvents(
  sql: EventSql,
  request: { subscriptionId: string; filters: SubscriptionEventFilters; limit: number; offset: number },
): Promise<{ records: EventRecord[]; total: number }> {
  const conditions = ['subscription_id = ?'];
  const params: (string | Date)[] = [request.subscriptionId];
  const { code, from, to } = request.filters;
  if (code !== undefined) {
    conditions.push('code = ?');
    params.push(code);
  }
  if (from !== undefined) {
    conditions.push('timestamp >= ?');
    params.push(from);
  }
  if (to !== undefined) {
    conditions.push('timestamp <= ?');
    params.push(to);
  }
  const where = conditions.join(' and ');
  const table = sql.table('events');
  const [rows, counted] = await Promise.all([
    sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from ${table} where ${where} order by timestamp desc, seq desc limit ? offset ?`,
      [...params, request.limit, request.offset],
    ),
    sql.oneOrFail<{ total: string }>(`select count(*) as total from ${table} where ${where}`, params),
  ]);
  return { records: rows.map(toEventRecord), total: Number(counted.total) };
}
