import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { rateOf } from './rates';

export interface SubscriptionFigures {
  /** Subscriptions in each status at the end of the range. */
  byStatus: Record<SubscriptionStatus, number>;
  /** Started in the range. */
  new: number;
  /** Became CANCELED in the range. */
  canceled: number;
  /** canceled over the live (ACTIVE or PAST_DUE) subscriptions at the start of the range. */
  churnRate: number;
}

export interface SubscriptionReport extends SubscriptionFigures {
  byCurrency: (SubscriptionFigures & { currency: string })[];
}

interface CurrencyCounts {
  currency: string;
  /** Subscriptions per status at the end of the range, as JSON (`{"ACTIVE": 3}`), only statuses with any. */
  by_status: string;
  new: number;
  canceled: number;
  live_at_start: number;
}

/**
 * GET /analytics/subscriptions: counts, read from each subscription's history of states in one statement: its state
 * at an instant is its latest change before it (the last written of those at the same instant).
 */
export async function subscriptionReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<SubscriptionReport> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const changes = sql.table('subscription_changes');
  const rows = await sql.query<CurrencyCounts>(
    `with history as (
       select subscription_id, currency, status, effective_at, id from ${changes}
        where effective_at < ? and (?::text is null or currency = ?)),
     at_end as (
       select distinct on (subscription_id) currency, status from history
        order by subscription_id, effective_at desc, id desc),
     at_start as (
       select distinct on (subscription_id) currency, status from history where effective_at < ?
        order by subscription_id, effective_at desc, id desc),
     firsts as (select currency, min(effective_at) as started from history group by subscription_id, currency),
     counts as (
       select currency, 'end' as kind, status, count(*)::int as count from at_end group by currency, status
       union all
       select currency, 'new', null, count(*)::int from firsts where started >= ? group by currency
       union all
       select currency, 'canceled', null, count(*)::int from history
        where status = 'CANCELED' and effective_at >= ? group by currency
       union all
       select currency, 'live', null, count(*)::int from at_start where status in ('ACTIVE', 'PAST_DUE')
        group by currency)
     select currency,
            coalesce(json_object_agg(status, count) filter (where kind = 'end'), '{}')::text as by_status,
            coalesce(sum(count) filter (where kind = 'new'), 0)::int as new,
            coalesce(sum(count) filter (where kind = 'canceled'), 0)::int as canceled,
            coalesce(sum(count) filter (where kind = 'live'), 0)::int as live_at_start
       from counts group by currency order by currency`,
    [until, currency, currency, from, from, from],
  );
  const byCurrency = rows.map((row) => ({
    currency: row.currency,
    ...figuresOf([row]),
  }));
  return { ...figuresOf(rows), byCurrency };
}

/** The figures of the currencies' counts taken together. */
function figuresOf(rows: readonly CurrencyCounts[]): SubscriptionFigures {
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<
    SubscriptionStatus,
    number
  >;
  for (const row of rows) {
    for (const [status, count] of Object.entries(JSON.parse(row.by_status) as Record<SubscriptionStatus, number>)) {
      byStatus[status as SubscriptionStatus] += count;
    }
  }
  const sum = (key: 'new' | 'canceled' | 'live_at_start') => rows.reduce((total, row) => total + row[key], 0);
  return {
    byStatus,
    new: sum('new'),
    canceled: sum('canceled'),
    churnRate: rateOf(sum('canceled'), sum('live_at_start')),
  };
}
