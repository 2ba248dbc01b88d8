import type { AnalyticsSql } from './analytics-query';
import { CHANGED_IN, lastMonthOf, monthArray } from './mrr-months';
import { EFFECTIVE_MS, IN_CURRENCY } from './recurring-history';

/** Live time summed over subscriptions: milliseconds, and how many subscriptions were live at all. */
export interface LiveTime {
  ms: bigint;
  subscriptions: number;
}

/** How long subscriptions were live on each plan before the end of a range, per currency. */
export interface LiveLifespans {
  all: LiveTime;
  /** Per plan with any change in the currency (alphabetical): the time on that plan only. */
  byPlan: Map<string, LiveTime>;
}

interface LifespanRow {
  currency: string;
  /** Null for the time over every plan. */
  plan_id: string | null;
  ms: string;
  subscriptions: string;
}

const MONTH_START_MS = (month: string) => `(extract(epoch from ${month}::timestamp) * 1000)::bigint`;

/**
 * Per currency, the time subscriptions spent live (ACTIVE or PAST_DUE) before `until`, overall and per plan, and how
 * many were live at all: each live change lasts until the subscription's next change (or `until`), instants in whole
 * milliseconds as a JavaScript Date holds them. Customers without a change in the month `until` falls in come from
 * the monthly rollup (each row's live milliseconds inside its month, plus its live subscriptions times the time to
 * its next row or `until`); the others from their raw changes, spans summed per subscription.
 */
export async function readLiveLifespans(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<Map<string, LiveLifespans>> {
  const currency = options.currency ?? null;
  const lastMonth = lastMonthOf(options.until);
  const untilMs = options.until.getTime();
  const cut = monthArray([lastMonth]);
  const [rolled, raw] = await Promise.all([
    sql.query<LifespanRow>(
      `with raw as materialized (${CHANGED_IN(sql)})
       select currency, plan_id,
              coalesce(sum(live_ms + live * greatest(0,
                (case when valid_through > ?::date then ?::bigint else ${MONTH_START_MS('valid_through')} end)
                  - ${MONTH_START_MS("(month + interval '1 month')")})), 0)::text as ms,
              coalesce(sum(first_live), 0)::text as subscriptions
         from ${sql.table('analytics_plan_months')} p
        where month <= ?::date and ${IN_CURRENCY} and not exists (select from raw where raw.customer_id = p.customer_id)
        group by currency, plan_id
       union all
       select currency, null, '0', coalesce(sum(first_live), 0)::text
         from ${sql.table('analytics_mrr_months')} m
        where month <= ?::date and ${IN_CURRENCY} and not exists (select from raw where raw.customer_id = m.customer_id)
        group by currency`,
      [cut, lastMonth, untilMs, lastMonth, currency, currency, lastMonth, currency, currency],
    ),
    sql.query<LifespanRow>(
      `with timed as (
         select currency, subscription_id, plan_id, id, status in ('ACTIVE', 'PAST_DUE') as live, ${EFFECTIVE_MS} as at_ms
           from ${sql.table('analytics_subscription_changes')}
          where effective_at < ? and ${IN_CURRENCY} and customer_id in (${CHANGED_IN(sql)})
       ), spans as (
         select currency, subscription_id, plan_id, live, at_ms,
                coalesce(lead(at_ms) over (partition by currency, subscription_id order by at_ms, id), ?::bigint) as next_ms
           from timed
       ), per_plan as (
         select currency, subscription_id, plan_id, sum(case when live then next_ms - at_ms else 0 end) as live_ms
           from spans group by currency, subscription_id, plan_id
       ), per_subscription as (
         select currency, sum(live_ms) as live_ms from per_plan group by currency, subscription_id
       )
       select currency, null::text as plan_id, coalesce(sum(live_ms), 0)::text as ms,
              count(*) filter (where live_ms > 0)::text as subscriptions
         from per_subscription group by currency
       union all
       select currency, plan_id, coalesce(sum(live_ms), 0)::text, count(*) filter (where live_ms > 0)::text
         from per_plan group by currency, plan_id`,
      [options.until, currency, currency, cut, untilMs],
    ),
  ]);
  return lifespansOf([...rolled, ...raw]);
}

function lifespansOf(rows: readonly LifespanRow[]): Map<string, LiveLifespans> {
  const lifespans = new Map<string, LiveLifespans>();
  for (const row of rows) {
    const found: LiveLifespans = lifespans.get(row.currency) ?? {
      all: { ms: 0n, subscriptions: 0 },
      byPlan: new Map<string, LiveTime>(),
    };
    lifespans.set(row.currency, found);
    const time = { ms: BigInt(row.ms), subscriptions: Number(row.subscriptions) };
    if (row.plan_id !== null) {
      const plan = found.byPlan.get(row.plan_id) ?? { ms: 0n, subscriptions: 0 };
      found.byPlan.set(row.plan_id, { ms: plan.ms + time.ms, subscriptions: plan.subscriptions + time.subscriptions });
    }
    // The time over every plan is the sum of the time on each; the subscriptions are counted once each.
    found.all = {
      ms: found.all.ms + (row.plan_id === null ? 0n : time.ms),
      subscriptions: found.all.subscriptions + (row.plan_id === null ? time.subscriptions : 0),
    };
  }
  for (const each of lifespans.values()) {
    each.byPlan = new Map([...each.byPlan].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return lifespans;
}
