import { monthlyAmount, type RecurringCoupon, type SubscriptionChange } from '../../../domain/analytics';
import type { BillingInterval } from '../../../domain/periods';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { SqlParam } from '../../../infra/db/sql';
import type { AnalyticsSql } from './analytics-query';

/**
 * One change as PostgreSQL's `json_build_array` writes it: ids, currency, status, the price as text (exact past 2^53),
 * the interval, and the instant in whole milliseconds since the epoch (as a JavaScript Date holds it).
 */
type ChangeTuple = [string, string, string, string, SubscriptionStatus, string, BillingInterval, number];

interface CouponRow {
  customer_id: string;
  percentage: string | null;
  amount_minor: string | null;
  currency: string | null;
  plan_ids: string[] | string;
  created_at: Date | string;
  terminated_at: Date | string | null;
}

/** The instant of a change in whole milliseconds since the epoch, truncated as a JavaScript Date holds it. */
export const EFFECTIVE_MS = "round(date_part('epoch', date_trunc('milliseconds', effective_at)) * 1000)::bigint";

/** `?::text is null or currency = ?`: every currency, or only the one asked for. */
export const IN_CURRENCY = '(?::text is null or currency = ?)';

/**
 * Each subscription's latest change before an instant (its state then), as `statesBefore` picks it: the latest
 * instant in whole milliseconds, the last written on a tie. Takes the instant, then the currency twice, then the
 * parameters of `where` (more conditions on the subscriptions' rows, e.g. their customer).
 */
export const latestStates = (sql: AnalyticsSql, where = 'true'): string =>
  `select distinct on (subscription_id) *
     from ${sql.table('analytics_subscription_changes')}
    where effective_at < ? and ${IN_CURRENCY} and (${where})
    order by subscription_id, date_trunc('milliseconds', effective_at) desc, id desc`;

/**
 * Every change before `until` of the customers with a change in `changedMonth` (none when null) whose first change
 * (in the currency asked for) is at or after `firstFrom`: the customers of the cohorts that start from then that the
 * rollup cannot measure at `until`.
 */
export async function loadChangesOfCustomersFirstSeen(
  sql: AnalyticsSql,
  options: { firstFrom: Date; until: Date; currency?: string; changedMonth: string | null },
): Promise<SubscriptionChange[]> {
  const currency = options.currency ?? null;
  const table = sql.table('analytics_subscription_changes');
  return loadChanges(
    sql,
    `select * from ${table}
      where effective_at < ? and ${IN_CURRENCY}
        and customer_id in (select customer_id from ${table}
                             where ${IN_CURRENCY}
                               and customer_id in (select customer_id from ${sql.table('analytics_mrr_months')}
                                                    where month = ?::date)
                             group by customer_id having min(effective_at) >= ?)`,
    [options.until, currency, currency, currency, currency, options.changedMonth, options.firstFrom],
  );
}

/**
 * The changes the `source` selects (and those of `more`, when given) in the order they were written. Tens of
 * thousands of rows on a large tenant: one JSON text, parsed natively, costs the API about half the CPU of as many
 * rows.
 */
export async function loadChanges(
  sql: AnalyticsSql,
  source: string,
  params: SqlParam[],
  more?: string,
  moreParams: SqlParam[] = [],
): Promise<SubscriptionChange[]> {
  const rows = more === undefined ? source : `(${source}) union all (${more})`;
  const found = await sql.oneOrFail<{ changes: string }>(
    `select coalesce(json_agg(json_build_array(subscription_id, customer_id, plan_id, currency, status,
                                               amount_minor::text, billing_interval, ${EFFECTIVE_MS})
                              order by id), '[]')::text as changes
       from (${rows}) c`,
    [...params, ...moreParams],
  );
  return (JSON.parse(found.changes) as ChangeTuple[]).map(toChange);
}

export async function loadRecurringCoupons(sql: AnalyticsSql, until: Date): Promise<RecurringCoupon[]> {
  const rows = await sql.query<CouponRow>(
    `select a.customer_id, c.percentage::text, c.amount_minor::text, c.currency, c.plan_ids, a.created_at,
            a.terminated_at
       from ${sql.table('applied_coupons')} a join ${sql.table('coupons')} c on c.id = a.coupon_id
      where c.frequency in ('RECURRING', 'FOREVER') and c.billable_metric_ids = '[]'::jsonb
            and a.created_at < ?
      order by a.created_at, a.id`,
    [until],
  );
  return rows.map(toCoupon);
}

function toChange([subscriptionId, customerId, planId, currency, status, amount, interval, at]: ChangeTuple) {
  const change: SubscriptionChange = {
    subscriptionId,
    customerId,
    planId,
    currency,
    status,
    monthly: monthlyAmount(BigInt(amount), interval),
    interval,
    effectiveAt: new Date(at),
  };
  return change;
}

/** `12.5000` (numeric(7, 4)) as ten-thousandths of a percent: 125000. */
function percentTenThousandths(percentage: string): bigint {
  const [whole = '0', fraction = ''] = percentage.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
}

function toCoupon(row: CouponRow): RecurringCoupon {
  const planIds = typeof row.plan_ids === 'string' ? (JSON.parse(row.plan_ids) as string[]) : row.plan_ids;
  return {
    customerId: row.customer_id,
    percentTenThousandths: row.percentage === null ? null : percentTenThousandths(row.percentage),
    amountMinor: row.amount_minor === null ? null : BigInt(row.amount_minor),
    currency: row.currency,
    planIds,
    appliedAt: new Date(row.created_at),
    endedAt: row.terminated_at === null ? null : new Date(row.terminated_at),
  };
}
