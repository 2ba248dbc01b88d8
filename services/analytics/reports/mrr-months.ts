import { monthOf } from '../../../domain/analytics';
import type { AnalyticsSql } from './analytics-query';

/**
 * The monthly rollup of the recurring history (`analytics_mrr_months`, `analytics_plan_months`; kept by PostgreSQL in
 * the transaction of every subscription change, see the migration `20261207100000`): one row per customer, currency
 * (and plan) and month with a change, holding the state at the end of that month and until `valid_through`.
 *
 * A customer with no change in the month an instant falls in has the state of its latest row before that month at
 * that instant, so the reports read those customers from the rollup and read from the raw tables only the others:
 * the customers with a change in a month the range cuts through, and those with a recurring coupon (the rollup
 * ignores coupons; the domain splits them).
 */

/** The first day (`YYYY-MM-01`) of the month an instant falls in. */
export const monthDate = (instant: Date): string => `${monthOf(instant)}-01`;

/** The first day of the month before `month` (`YYYY-MM-01`). */
export function previousMonthDate(month: string): string {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index - 2, 1)).toISOString().slice(0, 10);
}

/** The month whose end-of-month state is the state at `until` for a customer without a change in it. */
export const lastMonthOf = (until: Date): string => monthDate(new Date(until.getTime() - 1));

/** `month <= ? and valid_through > ?` (the month twice): the rows holding each key's state at the end of `month`. */
export const VALID_AT = '(month <= ?::date and valid_through > ?::date)';

/**
 * The customers read from the raw tables: those a recurring coupon was applied to before `until`, and those with a
 * change in one of `cutMonths` (months the range cuts through). Parameters: `until`, then the months as one array.
 */
export const RAW_CUSTOMERS = (sql: AnalyticsSql): string =>
  `select a.customer_id from ${sql.table('applied_coupons')} a join ${sql.table('coupons')} c on c.id = a.coupon_id
    where c.frequency in ('RECURRING', 'FOREVER') and a.created_at < ?
   union
   select customer_id from ${sql.table('analytics_mrr_months')} where month = any(?::date[])`;

/** Customers with a change in one of the months (the months as one array parameter). */
export const CHANGED_IN = (sql: AnalyticsSql): string =>
  `select customer_id from ${sql.table('analytics_mrr_months')} where month = any(?::date[])`;

/** `{2026-11-01,2026-12-01}`: months as one PostgreSQL array parameter. */
export const monthArray = (months: readonly string[]): string => `{${months.join(',')}}`;
