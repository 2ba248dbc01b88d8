import type { AnalyticsSql } from './analytics-query';

/**
 * How many subscriptions were live (ACTIVE or PAST_DUE) just before `until`, per currency: each subscription's
 * latest change before it (the last written of those at the same instant), counted in SQL from the change log's
 * (subscription_id, effective_at, id) index, for the reports that need no more of the recurring history.
 */
export async function liveSubscriptionsBefore(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<Map<string, number>> {
  const currency = options.currency ?? null;
  const rows = await sql.query<{ currency: string; live: number }>(
    `select currency, count(*)::int as live
       from (select distinct on (subscription_id) currency, status
               from ${sql.table('subscription_changes')}
              where effective_at < ? and (?::text is null or currency = ?)
              order by subscription_id, effective_at desc, id desc) latest
      where status in ('ACTIVE', 'PAST_DUE')
      group by currency`,
    [options.until, currency, currency],
  );
  return new Map(rows.map((row) => [row.currency, row.live]));
}
