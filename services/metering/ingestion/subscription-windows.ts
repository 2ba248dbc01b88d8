import type { SqlTransaction } from '../../../infra/db/sql';
import type { EventSql } from './event-records';
import type { UsageSegment, UsageWindow } from './usage-window';

interface SubscriptionRow {
  id: string;
  customer_id: string;
  status: string;
  start_date: Date | string;
  current_period_start: Date | string | null;
  cancel_at: Date | string | null;
  canceled_at: Date | string | null;
  paused_at: Date | string | null;
}

interface SegmentRow {
  subscription_id: string;
  segment_start: Date | string;
  segment_end: Date | string;
  open: boolean;
}

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The usage windows of the batch's subscriptions, keyed by id (unknown ids are absent). The subscription rows are
 * share-locked first, in id order, by one statement; a usage close takes its subscription `for update`, so it either
 * committed before (and the segments read next, by a statement of its own with a fresh snapshot, show its segment)
 * or waits for this transaction to commit (and its usage counts these events). Only segments ending after `since`
 * (the batch's earliest timestamp) can hold one of its events.
 */
export async function lockUsageWindows(
  sql: EventSql,
  request: { subscriptionIds: readonly string[]; since: Date; transaction: SqlTransaction },
): Promise<Map<string, UsageWindow>> {
  const ids = JSON.stringify(request.subscriptionIds);
  const rows = await sql.query<SubscriptionRow>(
    `select id, customer_id, status, start_date, current_period_start, cancel_at, canceled_at, paused_at
       from ${sql.table('subscriptions')}
      where id in (select jsonb_array_elements_text(?::jsonb))
      order by id
        for share`,
    [ids],
    request.transaction,
  );
  const windows = new Map<string, UsageWindow>();
  if (rows.length === 0) return windows;
  const segments = await readSegments(sql, { ...request, subscriptionIds: rows.map((row) => row.id) });
  for (const row of rows) {
    const canceledAt = dateOrNull(row.canceled_at);
    windows.set(row.id, {
      subscriptionId: row.id,
      customerId: row.customer_id,
      startDate: new Date(row.start_date),
      currentPeriodStart: dateOrNull(row.current_period_start),
      endsAt: row.status === 'CANCELED' ? (canceledAt ?? dateOrNull(row.cancel_at)) : dateOrNull(row.cancel_at),
      pausedAt: row.status === 'PAUSED' ? dateOrNull(row.paused_at) : null,
      segments: segments.get(row.id) ?? [],
    });
  }
  return windows;
}

async function readSegments(
  sql: EventSql,
  request: { subscriptionIds: readonly string[]; since: Date; transaction: SqlTransaction },
): Promise<Map<string, UsageSegment[]>> {
  const rows = await sql.query<SegmentRow>(
    `select segment.subscription_id, segment.segment_start, segment.segment_end,
            coalesce(invoice.status = 'DRAFT', false) as open
       from ${sql.table('usage_segments')} as segment
            left join ${sql.table('invoices')} as invoice on invoice.id = segment.invoice_id
      where segment.subscription_id in (select jsonb_array_elements_text(?::jsonb))
        and segment.segment_end > ?`,
    [JSON.stringify(request.subscriptionIds), request.since],
    request.transaction,
  );
  const bySubscription = new Map<string, UsageSegment[]>();
  for (const row of rows) {
    const list = bySubscription.get(row.subscription_id) ?? [];
    list.push({ start: new Date(row.segment_start), end: new Date(row.segment_end), open: row.open });
    bySubscription.set(row.subscription_id, list);
  }
  return bySubscription;
}
