import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { IN_CURRENCY } from './recurring-history';
import { inWindows, splitRange, statesAt } from './mrr-months';
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
  byStatus: Partial<Record<SubscriptionStatus, number>>;
  new: number;
  canceled: number;
  liveAtStart: number;
}

interface CountRow {
  kind: 'status' | 'live' | 'new' | 'canceled';
  currency: string;
  status: SubscriptionStatus | null;
  count: number;
}

/**
 * GET /analytics/subscriptions: counts of the subscriptions' states (a subscription's state at an instant is its
 * latest change before it, the last written of those at the same instant) and of their starts and cancellations.
 * From the monthly rollup: the states at the end of the month before an instant of each customer without a change in
 * the month it falls in, and the starts and cancellations of the whole months of the range; from the raw changes:
 * the other customers' states, and the starts and cancellations in the range's partial months.
 */
export async function subscriptionReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<SubscriptionReport> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const split = splitRange(query.range);
  const windows = inWindows(split.rawWindows);
  const whole = split.wholeMonths ?? { first: 'infinity', last: '-infinity' };
  const end = statesAt(sql, { at: until, currency });
  const start = statesAt(sql, { at: from, currency });
  const changes = sql.table('analytics_subscription_changes');
  const rows = await sql.query<CountRow>(
    `with end_states as (${end.sql}), start_states as (${start.sql})
     select 'status' as kind, currency, status, sum(count)::int as count from end_states
      group by currency, status having sum(count) > 0
     union all
     select 'live', currency, null, sum(count)::int from start_states where status in ('ACTIVE', 'PAST_DUE')
      group by currency
     union all
     select 'new', currency, null, sum(count)::int from (
       select currency, sum(started) as count from ${sql.table('analytics_mrr_months')}
        where month between ?::date and ?::date and ${IN_CURRENCY} group by currency
       union all
       select currency, count(distinct subscription_id) from ${changes} c
        where ${windows.condition} and ${IN_CURRENCY}
          and not exists (select from ${changes} p where p.subscription_id = c.subscription_id
                                                      and p.effective_at < c.effective_at)
        group by currency) n group by currency
     union all
     select 'canceled', currency, null, sum(count)::int from (
       select currency, sum(cancellations) as count from ${sql.table('analytics_mrr_months')}
        where month between ?::date and ?::date and ${IN_CURRENCY} group by currency
       union all
       select currency, count(*) from ${changes}
        where status = 'CANCELED' and ${windows.condition} and ${IN_CURRENCY} group by currency) c group by currency`,
    [
      ...end.params,
      ...start.params,
      ...[whole.first, whole.last, currency, currency, ...windows.params, currency, currency],
      ...[whole.first, whole.last, currency, currency, ...windows.params, currency, currency],
    ],
  );
  const counts = countsOf(rows);
  const byCurrency = counts.map((each) => ({ currency: each.currency, ...figuresOf([each]) }));
  return { ...figuresOf(counts), byCurrency };
}

function countsOf(rows: readonly CountRow[]): CurrencyCounts[] {
  const byCurrency = new Map<string, CurrencyCounts>();
  for (const row of rows) {
    const counts = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      byStatus: {},
      new: 0,
      canceled: 0,
      liveAtStart: 0,
    };
    byCurrency.set(row.currency, counts);
    if (row.kind === 'status' && row.status !== null) counts.byStatus[row.status] = row.count;
    else if (row.kind === 'live') counts.liveAtStart += row.count;
    else if (row.kind === 'new') counts.new += row.count;
    else if (row.kind === 'canceled') counts.canceled += row.count;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The figures of the currencies' counts taken together. */
function figuresOf(rows: readonly CurrencyCounts[]): SubscriptionFigures {
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<
    SubscriptionStatus,
    number
  >;
  for (const row of rows) {
    for (const [status, count] of Object.entries(row.byStatus)) byStatus[status as SubscriptionStatus] += count;
  }
  const sum = (key: 'new' | 'canceled' | 'liveAtStart') => rows.reduce((total, row) => total + row[key], 0);
  return {
    byStatus,
    new: sum('new'),
    canceled: sum('canceled'),
    churnRate: rateOf(sum('canceled'), sum('liveAtStart')),
  };
}
