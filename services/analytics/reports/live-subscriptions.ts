import type { AnalyticsSql } from './analytics-query';
import { statesAt } from './mrr-months';

/**
 * How many subscriptions were live (ACTIVE or PAST_DUE) just before `until`, per currency: each subscription's
 * latest change before it (the last written of those at the same instant), from the monthly rollup for the customers
 * without a change in the month `until` falls in and from the changes for the others, for the reports that need no
 * more of the recurring history.
 */
export async function liveSubscriptionsBefore(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<Map<string, number>> {
  const states = statesAt(sql, { at: options.until, currency: options.currency ?? null });
  const rows = await sql.query<{ currency: string; live: number }>(
    `select currency, sum(count)::int as live from (${states.sql}) s
      where status in ('ACTIVE', 'PAST_DUE') group by currency having sum(count) > 0`,
    states.params,
  );
  return new Map(rows.map((row) => [row.currency, row.live]));
}
