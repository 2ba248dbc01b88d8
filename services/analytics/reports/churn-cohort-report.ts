import { endOfMonth, monthOf, statesBefore, type SubscriptionChange } from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { groupBy } from './group-by';
import { stateAt } from './mrr-months';
import { IN_CURRENCY, loadChangesOfCustomersFirstSeen } from './recurring-history';

export interface ChurnCohort {
  /** The UTC month of the customers' first subscription. */
  month: string;
  customers: number;
  /** How many of them still had a subscription that was not CANCELED at the end of their month 0, 1, 2, ... */
  retained: number[];
}

/** Customers of a cohort month and, per measured month, how many of them were retained. */
type CohortCounts = Map<string, { customers: number; retained: Map<string, number> }>;

/**
 * GET /analytics/churn-cohorts: the customers whose first subscription started in each month of the range, and how
 * many stayed, month by month, for at most `months` months and never past the end of the range (the month the
 * range ends in is measured at its end). From the monthly rollup for the customers without a change in the month the
 * range ends in (their first month is their first row's; they are retained at the end of a month while a row then
 * counts a subscription that is not canceled); the others from their changes, as the walk reads them.
 */
export async function churnCohortReport(
  sql: AnalyticsSql,
  query: AnalyticsQuery & { months: number },
): Promise<ChurnCohort[]> {
  const { until } = query.range;
  const [firstMonth = monthOf(until)] = query.range.months;
  const changedMonth = stateAt(until).changedMonth ?? null;
  const [rolled, raw] = await Promise.all([
    rolledCohorts(sql, { query, firstMonth, changedMonth }),
    loadChangesOfCustomersFirstSeen(sql, {
      firstFrom: new Date(`${firstMonth}-01T00:00:00.000Z`),
      until,
      ...(query.currency === undefined ? {} : { currency: query.currency }),
      changedMonth,
    }),
  ]);
  addWalkedCohorts(rolled, { changes: raw, until, months: query.range.months });
  return query.range.months.map((month, index) => {
    const cohort = rolled.get(month);
    return {
      month,
      customers: cohort?.customers ?? 0,
      retained: query.range.months
        .slice(index, index + query.months)
        .map((measured) => cohort?.retained.get(measured) ?? 0),
    };
  });
}

interface CohortRow {
  kind: 'size' | 'retained';
  cohort: string;
  measured: string | null;
  customers: number;
}

async function rolledCohorts(
  sql: AnalyticsSql,
  input: { query: AnalyticsQuery; firstMonth: string; changedMonth: string | null },
): Promise<CohortCounts> {
  const currency = input.query.currency ?? null;
  const months = sql.table('analytics_mrr_months');
  const lastMonth = `${input.query.range.months.at(-1) ?? input.firstMonth}-01`;
  const rows = await sql.query<CohortRow>(
    `with firsts as materialized (
       select customer_id, min(month) as cohort from ${months} m
        where ${IN_CURRENCY}
          and not exists (select from ${months} c where c.customer_id = m.customer_id and c.month = ?::date)
        group by customer_id having min(month) >= ?::date and min(month) <= ?::date)
     select 'size' as kind, to_char(cohort, 'YYYY-MM') as cohort, null as measured, count(*)::int as customers
       from firsts group by cohort
     union all
     select 'retained', to_char(f.cohort, 'YYYY-MM'), to_char(g.month, 'YYYY-MM'), count(distinct f.customer_id)::int
       from firsts f
       join ${months} r on r.customer_id = f.customer_id and r.open > 0 and (?::text is null or r.currency = ?)
       cross join lateral generate_series(r.month::timestamp,
                                          least(r.valid_through - 1, ?::date)::timestamp, interval '1 month') g(month)
      group by f.cohort, g.month`,
    [currency, currency, input.changedMonth, `${input.firstMonth}-01`, lastMonth, currency, currency, lastMonth],
  );
  const counts: CohortCounts = new Map();
  for (const row of rows) {
    const cohort = counts.get(row.cohort) ?? { customers: 0, retained: new Map<string, number>() };
    counts.set(row.cohort, cohort);
    if (row.kind === 'size') cohort.customers += row.customers;
    else if (row.measured !== null) cohort.retained.set(row.measured, row.customers);
  }
  return counts;
}

/** The customers read from their changes, walked as before: retained while a state before the month's end is open. */
function addWalkedCohorts(
  counts: CohortCounts,
  input: { changes: readonly SubscriptionChange[]; until: Date; months: readonly string[] },
): void {
  for (const changes of groupBy(input.changes, (change) => change.customerId).values()) {
    const cohortMonth = monthOf(firstStart(changes));
    const cohort = counts.get(cohortMonth) ?? { customers: 0, retained: new Map<string, number>() };
    counts.set(cohortMonth, cohort);
    cohort.customers += 1;
    for (const measured of input.months.filter((month) => month >= cohortMonth)) {
      const at = Math.min(endOfMonth(measured).getTime(), input.until.getTime());
      if (statesBefore(changes, at).some((state) => state.status !== 'CANCELED')) {
        cohort.retained.set(measured, (cohort.retained.get(measured) ?? 0) + 1);
      }
    }
  }
}

function firstStart(changes: readonly SubscriptionChange[]): Date {
  return new Date(changes.reduce((first, change) => Math.min(first, change.effectiveAt.getTime()), Infinity));
}
