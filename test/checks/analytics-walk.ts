import {
  customerMrr,
  endOfMonth,
  isLive,
  monthlyAmount,
  monthOf,
  statesBefore,
  toMinorUnits,
  type AnalyticsRange,
  type RecurringHistory,
  type SubscriptionChange,
} from '../../domain/analytics';
import type { BillingInterval } from '../../domain/periods';
import type { SubscriptionStatus } from '../../domain/subscriptions';
import type { SqlTransaction } from '../../infra/db/sql';
import type { TenantSql } from '../../infra/db/tenant-sql';

/**
 * The analytics figures as the plain walk over the raw tables gives them (every subscription change and recurring
 * coupon before the end of a range, through the domain's functions): what the reports, which read the monthly rollup
 * and only part of the history, must answer.
 */

interface RawChange {
  subscription_id: string;
  customer_id: string;
  plan_id: string;
  currency: string;
  status: SubscriptionStatus;
  amount_minor: string;
  billing_interval: BillingInterval;
  effective_ms: string;
}

/** Every change and recurring coupon before `until`, read plainly. */
export async function rawHistory(sql: TenantSql, until: Date, currency?: string): Promise<RecurringHistory> {
  const changes = await sql.query<RawChange>(
    `select subscription_id, customer_id, plan_id, currency, status, amount_minor::text, billing_interval,
            floor(extract(epoch from effective_at) * 1000)::text as effective_ms
       from ${sql.table('subscription_changes')} where effective_at < ? and (?::text is null or currency = ?)
      order by id`,
    [until, currency ?? null, currency ?? null],
  );
  const coupons = await sql.query<{
    customer_id: string;
    percentage: string | null;
    amount_minor: string | null;
    currency: string | null;
    plan_ids: string[] | string;
    created_at: Date;
    terminated_at: Date | null;
  }>(
    `select a.customer_id, (c.percentage * 10000)::bigint::text as percentage, c.amount_minor::text, c.currency,
            c.plan_ids, a.created_at, a.terminated_at
       from ${sql.table('applied_coupons')} a join ${sql.table('coupons')} c on c.id = a.coupon_id
      where c.frequency in ('RECURRING', 'FOREVER') and c.billable_metric_ids = '[]'::jsonb and a.created_at < ?
      order by a.created_at, a.id`,
    [until],
  );
  return {
    changes: changes.map((row) => ({
      subscriptionId: row.subscription_id,
      customerId: row.customer_id,
      planId: row.plan_id,
      currency: row.currency,
      status: row.status,
      monthly: monthlyAmount(BigInt(row.amount_minor), row.billing_interval),
      interval: row.billing_interval,
      effectiveAt: new Date(Number(row.effective_ms)),
    })),
    coupons: coupons.map((row) => ({
      customerId: row.customer_id,
      percentTenThousandths: row.percentage === null ? null : BigInt(row.percentage),
      amountMinor: row.amount_minor === null ? null : BigInt(row.amount_minor),
      currency: row.currency,
      planIds: typeof row.plan_ids === 'string' ? (JSON.parse(row.plan_ids) as string[]) : row.plan_ids,
      appliedAt: new Date(row.created_at),
      endedAt: row.terminated_at === null ? null : new Date(row.terminated_at),
    })),
  };
}

export function walkedCohorts(history: RecurringHistory, query: { range: AnalyticsRange }, months: number) {
  const { until } = query.range;
  const customers = [...groupBy(history.changes, (change) => change.customerId).values()];
  const firstMonths = customers.map((changes) =>
    monthOf(new Date(Math.min(...changes.map((change) => change.effectiveAt.getTime())))),
  );
  return query.range.months.map((month, index) => {
    const cohort = customers.filter((_, position) => firstMonths[position] === month);
    return {
      month,
      customers: cohort.length,
      retained: query.range.months.slice(index, index + months).map((each) => {
        const at = Math.min(endOfMonth(each).getTime(), until.getTime());
        return cohort.filter((changes) => statesBefore(changes, at).some((state) => state.status !== 'CANCELED'))
          .length;
      }),
    };
  });
}

const MONTH_MS = (365.25 / 12) * 86_400_000;

export function walkedLtv(history: RecurringHistory, until: Date) {
  const currencies = [...new Set(history.changes.map((change) => change.currency))].sort();
  return currencies.map((currency) => {
    const changes = history.changes.filter((change) => change.currency === currency);
    const states = groupBy(statesBefore(changes, until.getTime()), (state) => state.customerId);
    const coupons = groupBy(history.coupons, (coupon) => coupon.customerId);
    const paying = [...states].flatMap(([customerId, customerStates]) => {
      const at = new Date(until.getTime() - 1);
      const mrr = customerMrr({ states: customerStates, coupons: coupons.get(customerId) ?? [], currency, at });
      return mrr.total > 0n ? [mrr] : [];
    });
    const plans = [...new Set(changes.map((change) => change.planId))].sort();
    return {
      currency,
      ...lifetimeValue(
        paying.map((mrr) => mrr.total),
        livedMonths(changes, until),
      ),
      byPlan: plans.map((planId) => ({
        planId,
        ...lifetimeValue(
          paying.flatMap((mrr) => (mrr.byPlan.has(planId) ? [mrr.byPlan.get(planId) ?? 0n] : [])),
          livedMonths(changes, until, planId),
        ),
      })),
    };
  });
}

function lifetimeValue(revenues: readonly bigint[], lifespans: readonly number[]) {
  const average = revenues.length === 0 ? 0n : revenues.reduce((a, b) => a + b, 0n) / BigInt(revenues.length);
  const months = lifespans.length === 0 ? 0 : lifespans.reduce((a, b) => a + b, 0) / lifespans.length;
  const averageLifespanMonths = Math.round(months * 100) / 100;
  return {
    averageRevenuePerCustomerMinor: toMinorUnits(average),
    averageLifespanMonths,
    ltvMinor: toMinorUnits((average * BigInt(Math.round(averageLifespanMonths * 100))) / 100n),
  };
}

function livedMonths(changes: readonly SubscriptionChange[], until: Date, planId?: string): number[] {
  const lifespans: number[] = [];
  for (const ordered of groupBy(changes, (change) => change.subscriptionId).values()) {
    ordered.sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime());
    let liveMs = 0;
    ordered.forEach((change, index) => {
      const next = ordered[index + 1]?.effectiveAt.getTime() ?? until.getTime();
      if (isLive(change.status) && (planId === undefined || change.planId === planId)) {
        liveMs += next - change.effectiveAt.getTime();
      }
    });
    if (liveMs > 0) lifespans.push(liveMs / MONTH_MS);
  }
  return lifespans;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/**
 * The rows of the monthly rollup that differ from a recomputation of every customer from scratch (what the migration's
 * backfill writes), in a transaction rolled back: empty when the rows kept change by change are the backfill's.
 */
export async function rollupDrift(sql: TenantSql): Promise<string[]> {
  const rows = async (transaction?: SqlTransaction) =>
    (
      await sql.query<{ row: string }>(
        `select 'customer ' || m::text as row from ${sql.table('analytics_mrr_months')} m
         union all
         select 'plan ' || p::text from ${sql.table('analytics_plan_months')} p`,
        [],
        transaction,
      )
    ).map((each) => each.row);
  const kept = await rows();
  let recomputed: string[] = [];
  await sql
    .transactional(async (transaction) => {
      await sql.query(
        `select "${sql.schema}".analytics_refresh_months(
           array(select distinct customer_id from ${sql.table('subscription_changes')}))`,
        [],
        transaction,
      );
      recomputed = await rows(transaction);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (recomputed.length === 0 && kept.length > 0) return ['nothing recomputed'];
  const keptSet = new Set(kept);
  const recomputedSet = new Set(recomputed);
  return [
    ...kept.filter((row) => !recomputedSet.has(row)).map((row) => `kept only: ${row}`),
    ...recomputed.filter((row) => !keptSet.has(row)).map((row) => `recomputed only: ${row}`),
  ].sort();
}

class RolledBack extends Error {}

/**
 * The subscription counts per currency as one statement over the raw changes gives them (what the subscription
 * report computed before the rollup): by status at the end, started and canceled in the range, live at its start.
 */
export async function rawSubscriptionCounts(sql: TenantSql, query: { range: AnalyticsRange; currency?: string }) {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const changes = sql.table('subscription_changes');
  const rows = await sql.query<{
    currency: string;
    by_status: string;
    new: number;
    canceled: number;
    live_at_start: number;
  }>(
    `with history as (
       select subscription_id, currency, status, effective_at, id from ${changes}
        where effective_at < ? and (?::text is null or currency = ?)),
     at_end as (
       select distinct on (subscription_id) currency, status from history
        order by subscription_id, effective_at desc, id desc),
     at_start as (
       select distinct on (subscription_id) currency, status from history where effective_at < ?
        order by subscription_id, effective_at desc, id desc),
     firsts as (select currency, min(effective_at) as started from history group by subscription_id, currency),
     counts as (
       select currency, 'end' as kind, status, count(*)::int as count from at_end group by currency, status
       union all
       select currency, 'new', null, count(*)::int from firsts where started >= ? group by currency
       union all
       select currency, 'canceled', null, count(*)::int from history
        where status = 'CANCELED' and effective_at >= ? group by currency
       union all
       select currency, 'live', null, count(*)::int from at_start where status in ('ACTIVE', 'PAST_DUE')
        group by currency)
     select currency,
            coalesce(json_object_agg(status, count) filter (where kind = 'end'), '{}')::text as by_status,
            coalesce(sum(count) filter (where kind = 'new'), 0)::int as new,
            coalesce(sum(count) filter (where kind = 'canceled'), 0)::int as canceled,
            coalesce(sum(count) filter (where kind = 'live'), 0)::int as live_at_start
       from counts group by currency order by currency`,
    [until, currency, currency, from, from, from],
  );
  return rows.map((row) => ({ ...row, by_status: JSON.parse(row.by_status) as Record<string, number> }));
}

/** Customers churned in the range per currency, from the raw changes (what the customer report computed before). */
export async function rawChurnedCustomers(sql: TenantSql, query: { range: AnalyticsRange; currency?: string }) {
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

/** Cash per currency and month, from the payments and refunds themselves (what revenue computed before the rollup). */
export async function rawMonthlyCash(sql: TenantSql, query: { range: AnalyticsRange; currency?: string }) {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const rows = await sql.query<{ currency: string; month: string; received: string; refunded: string }>(
    `select currency, to_char(date_trunc('month', instant at time zone 'UTC'), 'YYYY-MM') as month,
            sum(received)::text as received, sum(refunded)::text as refunded
       from (select currency, succeeded_at as instant, amount_minor as received, 0 as refunded
               from ${sql.table('payments')}
              where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and succeeded_at >= ? and succeeded_at < ?
             union all
             select currency, succeeded_at, 0, amount_minor
               from ${sql.table('refunds')}
              where status = 'SUCCEEDED' and succeeded_at >= ? and succeeded_at < ?) cash
      where ?::text is null or currency = ?
      group by currency, date_trunc('month', instant at time zone 'UTC')`,
    [from, until, from, until, currency, currency],
  );
  return rows.map((row) => ({ ...row, revenue: BigInt(row.received) - BigInt(row.refunded) }));
}

/** The payment report's figures per currency from the payments and refunds themselves (before the rollup). */
export async function rawPaymentFigures(sql: TenantSql, query: { range: AnalyticsRange; currency?: string }) {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  return sql.query<{
    currency: string;
    volume: string | null;
    succeeded: number;
    failed: number;
    provider_succeeded: number;
    provider_failed: number;
    refunded: string | null;
  }>(
    `with settled as (
         select currency, provider, amount_minor, true as succeeded from ${sql.table('payments')}
          where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and succeeded_at >= ? and succeeded_at < ?
         union all
         select currency, provider, 0, false from ${sql.table('payments')}
          where status = 'FAILED' and failed_at >= ? and failed_at < ?),
       refunded as (
         select currency, sum(amount_minor) as refunded from ${sql.table('refunds')}
          where status = 'SUCCEEDED' and succeeded_at >= ? and succeeded_at < ? group by currency),
       counted as (
         select currency, sum(amount_minor) as volume,
                count(*) filter (where succeeded)::int as succeeded, count(*) filter (where not succeeded)::int as failed,
                count(*) filter (where succeeded and provider <> 'MANUAL')::int as provider_succeeded,
                count(*) filter (where not succeeded and provider <> 'MANUAL')::int as provider_failed
           from settled group by currency)
       select coalesce(c.currency, r.currency) as currency, c.volume::text, coalesce(c.succeeded, 0) as succeeded,
              coalesce(c.failed, 0) as failed, coalesce(c.provider_succeeded, 0) as provider_succeeded,
              coalesce(c.provider_failed, 0) as provider_failed, r.refunded::text
         from counted c full join refunded r on r.currency = c.currency
        where ?::text is null or coalesce(c.currency, r.currency) = ?`,
    [from, until, from, until, from, until, currency, currency],
  );
}

/**
 * The months of the cash rollup whose sums differ from the same sums computed from the payments and refunds
 * themselves: empty when the triggers kept it right.
 */
export async function cashDrift(sql: TenantSql): Promise<string[]> {
  const figures = 'received, succeeded, provider_succeeded, failed, provider_failed, refunded, refunds';
  const sums = figures
    .split(', ')
    .map((figure) => `sum(${figure})::text`)
    .join(` || ' ' || `);
  const month = (column: string) => `date_trunc('month', ${column} at time zone 'UTC')::date`;
  const [kept, raw] = await Promise.all([
    sql.query<{ row: string }>(
      `select currency || ' ' || month || ' ' || ${sums} as row from ${sql.table('analytics_cash_months')}
        group by currency, month having sum(succeeded) <> 0 or sum(failed) <> 0 or sum(refunds) <> 0`,
    ),
    sql.query<{ row: string }>(
      `select currency || ' ' || month || ' ' || ${sums} as row from (
         select currency, ${month('succeeded_at')} as month, amount_minor as received, 1 as succeeded,
                (provider <> 'MANUAL')::int as provider_succeeded, 0 as failed, 0 as provider_failed, 0 as refunded,
                0 as refunds
           from ${sql.table('payments')} where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')
         union all
         select currency, ${month('failed_at')}, 0, 0, 0, 1, (provider <> 'MANUAL')::int, 0, 0
           from ${sql.table('payments')} where status = 'FAILED'
         union all
         select currency, ${month('succeeded_at')}, 0, 0, 0, 0, 0, amount_minor, 1
           from ${sql.table('refunds')} where status = 'SUCCEEDED') cash
        group by currency, month`,
    ),
  ]);
  const keptRows = new Set(kept.map((each) => each.row));
  const rawRows = new Set(raw.map((each) => each.row));
  return [
    ...[...keptRows].filter((row) => !rawRows.has(row)).map((row) => `kept only: ${row}`),
    ...[...rawRows].filter((row) => !keptRows.has(row)).map((row) => `recomputed only: ${row}`),
  ].sort();
}
