import { monthOf } from '../../../domain/analytics';
import type { SqlParam } from '../../../infra/db/sql';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { AnalyticsSql } from './analytics-query';
import { IN_CURRENCY } from './recurring-history';

/**
 * The monthly rollup of the recurring history (`analytics_mrr_months`, `analytics_plan_months`; kept by PostgreSQL in
 * the transaction of every subscription change, see the migration `20261209100000`): one row per customer, currency
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
    where c.frequency in ('RECURRING', 'FOREVER') and c.billable_metric_ids = '[]'::jsonb
          and a.created_at < ?
   union
   select customer_id from ${sql.table('analytics_mrr_months')} where month = any(?::date[])`;

/** Customers with a change in one of the months (the months as one array parameter). */
export const CHANGED_IN = (sql: AnalyticsSql): string =>
  `select customer_id from ${sql.table('analytics_mrr_months')} where month = any(?::date[])`;

/** `{2026-11-01,2026-12-01}`: months as one PostgreSQL array parameter. */
export const monthArray = (months: readonly string[]): string => `{${months.join(',')}}`;

/** The first instant of a month given as `YYYY-MM-01`. */
const startOf = (month: string): Date => new Date(`${month}T00:00:00.000Z`);

/** The first day of the month after `month` (`YYYY-MM-01`). */
export function nextMonthDate(month: string): string {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 10);
}

/**
 * A range cut into the whole months it covers (their rollup rows count its events) and the instants on either side
 * of them (read from the raw changes): `[from, until)` whole when it covers no whole month.
 */
export interface RangeSplit {
  /** The first and last whole month (`YYYY-MM-01`), or undefined. */
  wholeMonths?: { first: string; last: string };
  /** Half-open windows of the range outside the whole months. */
  rawWindows: { from: Date; until: Date }[];
}

export function splitRange(range: { from: Date; until: Date }): RangeSplit {
  const { from, until } = range;
  const fromMonth = monthDate(from);
  const first = startOf(fromMonth).getTime() === from.getTime() ? fromMonth : nextMonthDate(fromMonth);
  // The month `until` falls in is whole only when `until` is its first instant, that is never: it is the next one's.
  const last = previousMonthDate(monthDate(until));
  if (first > last) return { rawWindows: [{ from, until }] };
  const windows = [
    { from, until: startOf(first) },
    { from: startOf(nextMonthDate(last)), until },
  ];
  return {
    wholeMonths: { first, last },
    rawWindows: windows.filter((window) => window.from.getTime() < window.until.getTime()),
  };
}

/** `(effective_at >= ? and effective_at < ?) or ...` over the windows, and its parameters; `false` for none. */
export function inWindows(
  windows: readonly { from: Date; until: Date }[],
  column = 'effective_at',
): { condition: string; params: Date[] } {
  if (windows.length === 0) return { condition: 'false', params: [] };
  return {
    condition: `(${windows.map(() => `(${column} >= ? and ${column} < ?)`).join(' or ')})`,
    params: windows.flatMap((window) => [window.from, window.until]),
  };
}

/**
 * Every currency with a subscription change before `until` (and the one asked for only): before the month `until`
 * falls in from the rollup, in that month from the changes. Its parameters: `currenciesBeforeParams`.
 */
export const CURRENCIES_BEFORE = (sql: AnalyticsSql): string =>
  `select currency from ${sql.table('analytics_mrr_months')} where month < ?::date and (?::text is null or currency = ?)
    union
   select currency from ${sql.table('analytics_subscription_changes')}
    where effective_at >= ?::date and effective_at < ? and (?::text is null or currency = ?)`;

export const currenciesBeforeParams = (until: Date, currency: string | null): SqlParam[] => {
  const month = monthDate(until);
  return [month, currency, currency, month, until, currency, currency];
};

/**
 * The state at an instant `at` of each customer's rows: at the first instant of a month, the rows valid at the end
 * of the month before, for every customer; inside a month, the same for the customers without a change in that
 * month, the others (`changedMonth`) being read from the raw changes.
 */
export function stateAt(at: Date): { month: string; changedMonth?: string } {
  const month = monthDate(at);
  const before = previousMonthDate(month);
  return startOf(month).getTime() === at.getTime() ? { month: before } : { month: before, changedMonth: month };
}

const STATUS_COLUMNS: readonly [SubscriptionStatus, string][] = [
  ['TRIALING', 'trialing'],
  ['ACTIVE', 'active'],
  ['PAUSED', 'paused'],
  ['PAST_DUE', 'past_due'],
  ['CANCELED', 'canceled'],
];

/**
 * Subscriptions per currency and status at `at` (rows `currency, status, count`): the rollup's counts at the end of
 * the month before, for the customers without a change in the month `at` falls in; each other customer's
 * subscriptions by their latest change before `at`.
 */
export function statesAt(
  sql: AnalyticsSql,
  options: { at: Date; currency: string | null },
): { sql: string; params: SqlParam[] } {
  const { month, changedMonth = null } = stateAt(options.at);
  const months = sql.table('analytics_mrr_months');
  const counts = STATUS_COLUMNS.map(([status, column]) => `('${status}', ${column})`).join(', ');
  return {
    sql: `select m.currency, s.status, s.count
            from ${months} m
            cross join lateral (values ${counts}) s (status, count)
           where ${VALID_AT} and (?::text is null or m.currency = ?)
             and not exists (select from ${months} c where c.customer_id = m.customer_id and c.month = ?::date)
          union all
          select currency, status, count(*) from (
            select distinct on (subscription_id) currency, status from ${sql.table('analytics_subscription_changes')}
             where effective_at < ? and ${IN_CURRENCY}
               and customer_id in (select customer_id from ${months} where month = ?::date)
             order by subscription_id, effective_at desc, id desc) latest
           group by currency, status`,
    params: [
      month,
      month,
      options.currency,
      options.currency,
      changedMonth,
      options.at,
      options.currency,
      options.currency,
      changedMonth,
    ],
  };
}
