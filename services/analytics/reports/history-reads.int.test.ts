import { analyticsRange, mrrAtEnd, mrrMovements, roundMovements, toMinorUnits } from '../../../domain/analytics';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { createTestOrm } from '../../../test/harness/database';
import { testConfig } from '../../../test/harness/http-server';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { seedAnalyticsTenant } from '../../../bench/analytics-tenant';
import type { AnalyticsQuery } from './analytics-query';
import { rawHistory, walkedCohorts, walkedLtv } from '../../../test/checks/analytics-walk';
import { churnCohortReport, ltvReport, mrrBreakdownReport, revenueReport } from '.';

/**
 * The reports read the monthly rollup and only part of the history (the customers with a change in a month the range
 * cuts through or a recurring coupon; lifespans summed per subscription). They must answer exactly what the plain
 * walk over every subscription change and coupon gives: this computes that walk here, from the raw tables, for a
 * varied tenant built by the bench's bulk SQL, which fills the rollup through the same trigger as every write (trials,
 * upgrades, pauses, resumes, cancellations, recurring coupons, three currencies) and ranges that start before, inside
 * and after its history.
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
