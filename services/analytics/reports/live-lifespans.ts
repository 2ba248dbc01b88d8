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
  subscription_id: string;
  plan_id: string;
  live_ms: string;
}

/**
 * Per currency, the time each subscription spent live (ACTIVE or PAST_DUE) before `until`, overall and per plan:
 * each live change lasts until the subscription's next change (or `until`), instants in whole milliseconds as a
 * JavaScript Date holds them. Summed in PostgreSQL so the history never reaches the API; the integers are exact, and
 * the API averages them in the order the subscriptions were first written, as the walk over the history did.
 */
export async function readLiveLifespans(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<Map<string, LiveLifespans>> {
  const currency = options.currency ?? null;
  const rows = await sql.query<LifespanRow>(
    `select currency, subscription_id, plan_id,
            sum(case when status in ('ACTIVE', 'PAST_DUE') then next_ms - at_ms else 0 end)::text as live_ms
       from (select currency, subscription_id, plan_id, status, at_ms,
                    coalesce(lead(at_ms) over (partition by currency, subscription_id order by at_ms, id),
                             ?::bigint) as next_ms,
                    min(id) over (partition by currency, subscription_id) as first_id
               from (select *, ${EFFECTIVE_MS} as at_ms from ${sql.table('subscription_changes')}
                      where effective_at < ? and (?::text is null or currency = ?)) timed) spans
      group by currency, subscription_id, plan_id, first_id
      order by currency, first_id, plan_id`,
    [options.until.getTime(), options.until, currency, currency],
  );
  return lifespansOf(rows);
}

function lifespansOf(rows: readonly LifespanRow[]): Map<string, LiveLifespans> {
  const perSubscription = new Map<string, Map<string, number>>();
  const byPlan = new Map<string, Map<string, number[]>>();
  for (const row of rows) {
    const liveMs = Number(row.live_ms);
    const key = `${row.currency}\u0000${row.subscription_id}`;
    const subscriptions = perSubscription.get(row.currency) ?? new Map<string, number>();
    perSubscription.set(row.currency, subscriptions);
    subscriptions.set(key, (subscriptions.get(key) ?? 0) + liveMs);
    const plans = byPlan.get(row.currency) ?? new Map<string, number[]>();
    byPlan.set(row.currency, plans);
    const spans = plans.get(row.plan_id) ?? [];
    plans.set(row.plan_id, spans);
    if (liveMs > 0) spans.push(liveMs);
  }
  const lifespans = new Map<string, LiveLifespans>();
  for (const [currency, subscriptions] of perSubscription) {
    const plans = byPlan.get(currency) ?? new Map<string, number[]>();
    lifespans.set(currency, {
      all: [...subscriptions.values()].filter((liveMs) => liveMs > 0),
      byPlan: new Map([...plans.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))),
    });
  }
  return lifespans;
}
