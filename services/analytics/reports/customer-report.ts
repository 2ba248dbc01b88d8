import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { churnedCustomers } from './churned-customers';

export interface CustomerFigures {
  /** Customers at the end of the range (created before it ends, not deleted by then). */
  total: number;
  /** Created in the range. */
  new: number;
  /** Ended their last live or paused subscription in the range. */
  churned: number;
}

export interface CustomerReport extends CustomerFigures {
  byCurrency: (CustomerFigures & { currency: string })[];
}

/** GET /analytics/customers, per customer currency. */
export async function customerReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<CustomerReport> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const [rows, churned] = await Promise.all([
    sql.query<{ currency: string; total: number; new: number }>(
      `select currency,
              count(*) filter (where deleted_at is null or deleted_at >= ?)::int as total,
              count(*) filter (where created_at >= ?)::int as new
         from ${sql.table('customers')}
        where created_at < ? and (?::text is null or currency = ?) and test_clock_id is null
        group by currency`,
      [until, from, until, currency, currency],
    ),
    churnedCustomers(sql, query),
  ]);
  const currencies = new Set([...rows.map((row) => row.currency), ...churned.keys()]);
  const byCurrency = [...currencies].sort().map((each) => {
    const row = rows.find((candidate) => candidate.currency === each);
    return {
      currency: each,
      total: row?.total ?? 0,
      new: row?.new ?? 0,
      churned: churned.get(each) ?? 0,
    };
  });
  const sum = (key: keyof CustomerFigures) => byCurrency.reduce((total, each) => total + each[key], 0);
  return { total: sum('total'), new: sum('new'), churned: sum('churned'), byCurrency };
}
