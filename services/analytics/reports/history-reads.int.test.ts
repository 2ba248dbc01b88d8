import {
  analyticsRange,
  customerMrr,
  endOfMonth,
  isLive,
  monthlyAmount,
  monthOf,
  mrrAtEnd,
  mrrMovements,
  roundMovements,
  statesBefore,
  toMinorUnits,
  type RecurringHistory,
  type SubscriptionChange,
} from '../../../domain/analytics';
import type { BillingInterval } from '../../../domain/periods';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { createTestOrm } from '../../../test/harness/database';
import { testConfig } from '../../../test/harness/http-server';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { seedAnalyticsTenant } from '../../../bench/analytics-tenant';
import type { AnalyticsQuery } from './analytics-query';
import { groupBy } from './group-by';
import { churnCohortReport, ltvReport, mrrBreakdownReport, revenueReport } from '.';

/**
 * The reports read only part of the history (each subscription's latest state before the range, sums in
 * PostgreSQL for customers without recurring coupons, lifespans summed per subscription). They must answer exactly
 * what the plain walk over every subscription change and coupon gives: this computes that walk here, from the raw
 * tables, for a varied tenant (trials, upgrades, pauses, resumes, cancellations, recurring coupons, three
 * currencies) and ranges that start before, inside and after its history.
 */
const NOW = new Date('2031-03-15T12:00:00.000Z');
const TIE_AT = '2030-01-10T08:00:00.000Z';
const RANGES = [
  {},
  { dateFrom: '2030-02-10', dateTo: '2030-05-20' },
  { dateFrom: '2029-03-01', dateTo: '2031-03-14' },
  { dateFrom: '2030-06-03T10:11:12.345Z', dateTo: '2030-12-01T00:00:00.001Z' },
  { dateFrom: '2031-03-01', dateTo: '2031-03-15' },
];

describe('analytics reports read from part of the history', () => {
  let orm: Orm;
  let sql: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm();
    const fixture = await createTenantFixture(orm, testConfig());
    sql = tenantSql(orm, fixture.tenantId);
    await seedAnalyticsTenant(sql, { customers: 150, subscriptions: 400, invoices: 10, payments: 5 }, NOW);
    await addSameMillisecondTie(sql);
  }, 120_000);
  afterAll(async () => {
    await orm.close();
  });

  it('answers what the walk over the whole history gives, for every range and currency', async () => {
    for (const dates of RANGES) {
      const range = analyticsRange({ ...dates, today: NOW });
      if (!range.ok) throw new Error(range.message);
      for (const currency of [undefined, 'USD', 'EUR']) {
        const query: AnalyticsQuery = { range: range.value, ...(currency === undefined ? {} : { currency }) };
        const history = await rawHistory(sql, range.value.until, currency);
        const label = `${JSON.stringify(dates)} ${currency ?? 'all'}`;

        const revenue = await revenueReport(sql, query);
        const mrr = mrrAtEnd(history, range.value.until);
        expect([label, revenue.byCurrency.map((each) => [each.currency, each.mrrMinor])]).toEqual([
          label,
          [...mrr.keys()].sort().map((each) => [each, toMinorUnits(mrr.get(each) ?? 0n)]),
        ]);

        const breakdown = await mrrBreakdownReport(sql, query);
        expect([label, breakdown.map(({ byPlan, ...figures }) => ({ ...figures, plans: byPlan.length }))]).toEqual([
          label,
          mrrMovements(history, range.value).map((each) => ({
            ...roundMovements(each),
            plans: [...each.endByPlan.values()].filter((amount) => amount > 0n).length,
          })),
        ]);

        expect([label, await churnCohortReport(sql, { ...query, months: 6 })]).toEqual([
          label,
          walkedCohorts(history, query, 6),
        ]);
        expect([label, await ltvReport(sql, query)]).toEqual([label, walkedLtv(history, range.value.until)]);
      }
    }
  }, 120_000);

  it('has the history it is meant to cover', async () => {
    const [counts] = await sql.query<{ paused: string; canceled: string; coupons: string; tie: string }>(
      `select (select count(*) from ${sql.table('subscription_changes')} where status = 'PAUSED')::text as paused,
              (select count(*) from ${sql.table('subscription_changes')} where status = 'CANCELED')::text as canceled,
              (select count(*) from ${sql.table('applied_coupons')})::text as coupons,
              (select count(*) from ${sql.table('subscription_changes')}
                where date_trunc('milliseconds', effective_at) = ?)::text as tie`,
      [TIE_AT],
    );
    expect(Number(counts?.paused)).toBeGreaterThan(0);
    expect(Number(counts?.canceled)).toBeGreaterThan(0);
    expect(Number(counts?.coupons)).toBeGreaterThan(0);
    expect(counts?.tie).toBe('2');
  });
});

/**
 * Two more changes of a subscription whose history had ended, in the same millisecond, the one written last a few
 * microseconds earlier: its state is the one written last (CANCELED), as the walk sees instants in whole milliseconds.
 */
async function addSameMillisecondTie(sql: TenantSql): Promise<void> {
  const [last] = await sql.query<{ id: string }>(
    `select max(id) as id from ${sql.table('subscription_changes')}
      where subscription_id = (select subscription_id from ${sql.table('subscription_changes')}
                                group by subscription_id having max(effective_at) < ? order by subscription_id limit 1)`,
    [TIE_AT],
  );
  if (last?.id === undefined) throw new Error('no subscription for the tie');
  for (const [status, microseconds] of [
    ['ACTIVE', '900'],
    ['CANCELED', '100'],
  ] as const) {
    await sql.query(
      `insert into ${sql.table('subscription_changes')}
         (subscription_id, customer_id, plan_id, currency, status, amount_minor, billing_interval, effective_at)
       select subscription_id, customer_id, plan_id, currency, ?, amount_minor, billing_interval,
              ?::timestamptz + (? || ' microseconds')::interval
         from ${sql.table('subscription_changes')} where id = ?`,
      [status, TIE_AT, microseconds, last.id],
    );
  }
}

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
async function rawHistory(sql: TenantSql, until: Date, currency?: string): Promise<RecurringHistory> {
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
      where c.frequency in ('RECURRING', 'FOREVER') and a.created_at < ? order by a.created_at, a.id`,
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

function walkedCohorts(history: RecurringHistory, query: AnalyticsQuery, months: number) {
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

function walkedLtv(history: RecurringHistory, until: Date) {
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
