import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { CURRENCIES_BEFORE, currenciesBeforeParams, inWindows, splitRange } from './mrr-months';
import { IN_CURRENCY } from './recurring-history';

/**
 * Per currency with any subscription change before the end of the range: how many customers churned in it, that is
 * stopped being held (no live or paused subscription left in that currency) at an instant of the range, as the MRR
 * movements count them. In the whole months of the range, the monthly rollup's churns; in its partial months, the
 * churns of the customers with a change there, from their changes: each change adds or takes one held subscription
 * (against the same subscription's previous state), a customer's changes at one instant net out, and the running
 * count of held subscriptions falling from more than zero to zero is a churn. A customer is counted once per range.
 */
export async function churnedCustomers(sql: AnalyticsSql, query: AnalyticsQuery): Promise<Map<string, number>> {
  const { until } = query.range;
  const currency = query.currency ?? null;
  const split = splitRange(query.range);
  const windows = inWindows(split.rawWindows);
  const whole = split.wholeMonths ?? { first: 'infinity', last: '-infinity' };
  const changes = sql.table('analytics_subscription_changes');
  const held = (status: string) => `(${status} in ('ACTIVE', 'PAST_DUE', 'PAUSED'))::int`;
  const rows = await sql.query<{ currency: string; churned: number }>(
    `with steps as (
       select customer_id, currency, effective_at,
              ${held('status')} - coalesce(${held('lag(status) over same_subscription')}, 0) as delta
         from ${changes}
        where effective_at < ? and ${IN_CURRENCY}
          and customer_id in (select customer_id from ${changes} where ${windows.condition})
       window same_subscription as (partition by subscription_id order by effective_at, id)),
     instants as (
       select customer_id, currency, effective_at, sum(delta) as delta from steps
        group by customer_id, currency, effective_at),
     running as (
       select customer_id, currency, effective_at, delta,
              sum(delta) over (partition by customer_id, currency order by effective_at) as held_after
         from instants),
     churned as (
       select customer_id, currency from running
        where ${windows.condition} and held_after = 0 and held_after - delta > 0
       union
       select customer_id, currency from ${sql.table('analytics_mrr_months')}
        where month between ?::date and ?::date and churns > 0 and ${IN_CURRENCY})
     select c.currency, count(churned.customer_id)::int as churned
       from (${CURRENCIES_BEFORE(sql)}) c left join churned on churned.currency = c.currency
      group by c.currency`,
    [
      until,
      currency,
      currency,
      ...windows.params,
      ...windows.params,
      whole.first,
      whole.last,
      currency,
      currency,
      ...currenciesBeforeParams(until, currency),
    ],
  );
  return new Map(rows.map((row) => [row.currency, row.churned]));
}
