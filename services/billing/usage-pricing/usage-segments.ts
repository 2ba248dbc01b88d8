import type { SqlTransaction } from '../../../infra/db/sql';
import { findSubscription, type SubscriptionRecord } from '../subscriptions';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { UsageSql } from './usage-records';

/**
 * `usage_segments`: every usage segment the subscription workflow has closed, with its plan, period and invoice
 * (null when it billed nothing). Written in the invoice's transaction, under the subscription row's lock.
 */
export interface ClosedUsageSegment {
  subscriptionId: string;
  segmentStart: Date;
  segmentEnd: Date;
  periodStart: Date;
  periodEnd: Date;
  planId: string;
  invoiceId: string | null;
}

interface SegmentRow {
  subscription_id: string;
  segment_start: Date | string;
  segment_end: Date | string;
  period_start: Date | string;
  period_end: Date | string;
  plan_id: string;
  invoice_id: string | null;
}

const COLUMNS = 'subscription_id, segment_start, segment_end, period_start, period_end, plan_id, invoice_id';

const toSegment = (row: SegmentRow): ClosedUsageSegment => ({
  subscriptionId: row.subscription_id,
  segmentStart: new Date(row.segment_start),
  segmentEnd: new Date(row.segment_end),
  periodStart: new Date(row.period_start),
  periodEnd: new Date(row.period_end),
  planId: row.plan_id,
  invoiceId: row.invoice_id,
});

/**
 * Locks the subscription row (`for update`) before usage is read for billing: ingestion share-locks the rows of its
 * batch's subscriptions in its insert transaction, so an event batch either committed before (and is billed here)
 * or waits until this commits (and then sees the segment closed, or its DRAFT still open). Undefined when no such row.
 */
export async function lockSubscriptionForUsage(
  sql: UsageSql,
  transaction: SqlTransaction,
  subscriptionId: string,
): Promise<SubscriptionRecord | undefined> {
  return findSubscription(sql, subscriptionId, { transaction, forUpdate: true });
}

/** The closed segment starting at `start`, if the subscription has closed it. */
export async function findUsageSegment(
  sql: UsageSql,
  transaction: SqlTransaction,
  key: { subscriptionId: string; start: Date },
): Promise<ClosedUsageSegment | undefined> {
  const row = await sql.one<SegmentRow>(
    `select ${COLUMNS} from ${sql.table('usage_segments')} where subscription_id = ? and segment_start = ?`,
    [key.subscriptionId, key.start],
    transaction,
  );
  return row === undefined ? undefined : toSegment(row);
}

/** Records a closed segment once: a second record of the same start keeps the first. */
export async function recordUsageSegment(
  sql: UsageSql,
  transaction: SqlTransaction,
  segment: ClosedUsageSegment & { closedAt: Date },
): Promise<void> {
  await sql.query(
    `insert into ${sql.table('usage_segments')} (${COLUMNS}, closed_at) values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (subscription_id, segment_start) do nothing`,
    [
      segment.subscriptionId,
      segment.segmentStart,
      segment.segmentEnd,
      segment.periodStart,
      segment.periodEnd,
      segment.planId,
      segment.invoiceId,
      segment.closedAt,
    ],
    transaction,
  );
}

/** The segments an invoice bills, oldest first (one per close; a DRAFT's usage is priced again from them). */
export async function listInvoiceUsageSegments(
  sql: UsageSql,
  invoiceId: string,
  transaction?: SqlTransaction,
): Promise<ClosedUsageSegment[]> {
  const rows = await sql.query<SegmentRow>(
    `select ${COLUMNS} from ${sql.table('usage_segments')} where invoice_id = ? order by segment_start`,
    [invoiceId],
    transaction,
  );
  return rows.map(toSegment);
}

/** Where the open segment of the period [start, end) begins: the end of the last segment closed inside it, else start. */
export async function openSegmentStart(
  sql: UsageSql,
  request: { subscriptionId: string; periodStart: Date; periodEnd: Date },
): Promise<Date> {
  const row = await sql.one<{ last_end: Date | string | null }>(
    `select max(segment_end) as last_end from ${sql.table('usage_segments')}
      where subscription_id = ? and segment_end > ? and segment_end <= ?`,
    [request.subscriptionId, request.periodStart, request.periodEnd],
  );
  return row?.last_end === null || row?.last_end === undefined ? request.periodStart : new Date(row.last_end);
}

/**
 * The closed segments of the subscriptions that end after `since`, as usage ingestion reads them to decide which
 * instants still take events.
 */
export async function listClosedSegments(
  sql: TenantSql<'usage_segments'>,
  request: { subscriptionIds: readonly string[]; since: Date; transaction: SqlTransaction },
): Promise<{ subscriptionId: string; start: Date; end: Date; invoiceId: string | null }[]> {
  const rows = await sql.query<Pick<SegmentRow, 'subscription_id' | 'segment_start' | 'segment_end' | 'invoice_id'>>(
    `select subscription_id, segment_start, segment_end, invoice_id from ${sql.table('usage_segments')}
      where subscription_id in (select jsonb_array_elements_text(?::jsonb)) and segment_end > ?`,
    [JSON.stringify(request.subscriptionIds), request.since],
    request.transaction,
  );
  return rows.map((row) => ({
    subscriptionId: row.subscription_id,
    start: new Date(row.segment_start),
    end: new Date(row.segment_end),
    invoiceId: row.invoice_id,
  }));
}
