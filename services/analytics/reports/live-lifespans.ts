import type { AnalyticsSql } from './analytics-query';
import { EFFECTIVE_MS } from './recurring-history';

/** How long each subscription was live on each plan before the end of a range, per currency. */
export interface LiveLifespans {
  /** Per subscription that was ever live: its live milliseconds, in the order the subscriptions were first written. */
  all: number[];
  /** Per plan with any change in the currency (alphabetical): the same, counting its time on that plan only. */
  byPlan: Map<string, number[]>;
}

interface LifespanRow {
  currency: string;
  /** Null for the spans over every plan. */
  plan_id: string | null;
  /** A JSON array of live milliseconds, one per subscription live at all. */
  spans: string;
}

/**
 * Per currency, the time each subscription spent live (ACTIVE or PAST_DUE) before `until`, overall and per plan:
 * each live change lasts until the subscription's next change (or `until`), instants in whole milliseconds as a
 * JavaScript Date holds them. Summed in PostgreSQL so the history never reaches the API, each list one JSON text in
 * the order the subscriptions were first written: the integers are exact and the API averages them in the order the
 * walk over the history did, so the averages are the same to the last bit.
 */
export async function readLiveLifespans(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<Map<string, LiveLifespans>> {
  const currency = options.currency ?? null;
  const rows = await sql.query<LifespanRow>(
    `with timed as (
       select currency, subscription_id, plan_id, id, status in ('ACTIVE', 'PAST_DUE') as live, ${EFFECTIVE_MS} as at_ms
         from ${sql.table('subscription_changes')}
        where effective_at < ? and (?::text is null or currency = ?)
     ), spans as (
       select currency, subscription_id, plan_id, live, at_ms,
              coalesce(lead(at_ms) over (partition by currency, subscription_id order by at_ms, id), ?::bigint) as next_ms,
              min(id) over (partition by currency, subscription_id) as first_id
         from timed
     ), per_plan as (
       select currency, subscription_id, plan_id, first_id,
              sum(case when live then next_ms - at_ms else 0 end) as live_ms
         from spans group by currency, subscription_id, plan_id, first_id
     ), per_subscription as (
       select currency, first_id, sum(live_ms) as live_ms from per_plan group by currency, subscription_id, first_id
     )
     select currency, null::text as plan_id,
            coalesce(json_agg(live_ms order by first_id) filter (where live_ms > 0), '[]')::text as spans
       from per_subscription group by currency
     union all
     select currency, plan_id, coalesce(json_agg(live_ms order by first_id) filter (where live_ms > 0), '[]')::text
       from per_plan group by currency, plan_id`,
    [options.until, currency, currency, options.until.getTime()],
  );
  return lifespansOf(rows);
}

function lifespansOf(rows: readonly LifespanRow[]): Map<string, LiveLifespans> {
  const lifespans = new Map<string, LiveLifespans>();
  const of = (currency: string): LiveLifespans => {
    const found = lifespans.get(currency) ?? { all: [], byPlan: new Map<string, number[]>() };
    lifespans.set(currency, found);
    return found;
  };
  for (const row of rows) {
    const spans = JSON.parse(row.spans) as number[];
    if (row.plan_id === null) of(row.currency).all = spans;
    else of(row.currency).byPlan.set(row.plan_id, spans);
  }
  for (const each of lifespans.values()) {
    each.byPlan = new Map([...each.byPlan].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return lifespans;
}
