import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';

/**
 * Per currency with any subscription change before the end of the range: how many customers churned in it, that is
 * stopped being held (no live or paused subscription left in that currency) at an instant of the range, as the MRR
 * movements count them. In one statement: each change adds or takes one held subscription (against the same
 * subscription's previous state), a customer's changes at one instant net out, and the running count of held
 * subscriptions falling from more than zero to zero is a churn.
 */
export async function churnedCustomers(sql: AnalyticsSql, query: AnalyticsQuery): Promise<Map<string, number>> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const held = (status: string) => `(${status} in ('ACTIVE', 'PAST_DUE', 'PAUSED'))::int`;
  const rows = await sql.query<{ currency: string; churned: number }>(
    `with steps as (
       select customer_id, currency, effective_at,
              ${held('status')} - coalesce(${held('lag(status) over same_subscription')}, 0) as delta
         from ${sql.table('subscription_changes')}
        where effective_at < ? and (?::text is null or currency = ?)
       window same_subscription as (partition by subscription_id order by effective_at, id)),
     instants as (
       select customer_id, currency, effective_at, sum(delta) as delta from steps
        group by customer_id, currency, effective_at),
     running as (
       select customer_id, currency, effective_at, delta,
              sum(delta) over (partition by customer_id, currency order by effective_at) as held_after
         from instants)
     select currency,
            count(distinct customer_id) filter (where effective_at >= ? and held_after = 0 and held_after - delta > 0)::int
              as churned
       from running group by currency`,
    [until, currency, currency, from],
  );
  return new Map(rows.map((row) => [row.currency, row.churned]));
}
