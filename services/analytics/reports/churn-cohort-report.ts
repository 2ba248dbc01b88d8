import { endOfMonth, monthOf, statesBefore, type SubscriptionChange } from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { groupBy } from './group-by';
import { loadChangesOfCustomersFirstSeen } from './recurring-history';

export interface ChurnCohort {
  /** The UTC month of the customers' first subscription. */
  month: string;
  customers: number;
  /** How many of them still had a subscription that was not CANCELED at the end of their month 0, 1, 2, ... */
  retained: number[];
}

/**
 * GET /analytics/churn-cohorts: the customers whose first subscription started in each month of the range, and how
 * many stayed, month by month, for at most `months` months and never past the end of the range (the month the
 * range ends in is measured at its end).
 */
export async function churnCohortReport(
  sql: AnalyticsSql,
  query: AnalyticsQuery & { months: number },
): Promise<ChurnCohort[]> {
  const { until } = query.range;
  const [firstMonth = monthOf(until)] = query.range.months;
  // Only customers first seen in a month of the range belong to its cohorts: older ones are not loaded.
  const history = await loadChangesOfCustomersFirstSeen(sql, {
    firstFrom: new Date(`${firstMonth}-01T00:00:00.000Z`),
    until,
    ...(query.currency === undefined ? {} : { currency: query.currency }),
  });
  const customers = [...groupBy(history, (change) => change.customerId).values()];
  const firstMonths = customers.map((changes) => monthOf(firstStart(changes)));
  return query.range.months.map((month, index) => {
    const cohort = customers.filter((_, position) => firstMonths[position] === month);
    const measured = query.range.months.slice(index, index + query.months);
    return {
      month,
      customers: cohort.length,
      retained: measured.map((each) => {
        const at = Math.min(endOfMonth(each).getTime(), until.getTime());
        return cohort.filter((changes) => statesBefore(changes, at).some((state) => state.status !== 'CANCELED'))
          .length;
      }),
    };
  });
}

function firstStart(changes: readonly SubscriptionChange[]): Date {
  return new Date(changes.reduce((first, change) => Math.min(first, change.effectiveAt.getTime()), Infinity));
}
