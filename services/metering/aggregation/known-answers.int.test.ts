import { priceGraduated, priceVolume } from '../../../domain/charge-models';
import { createRational, roundToMoney, type Money } from '../../../domain/money';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { ANCHOR_RANGES, decimal, range, USD } from '../../../test/fixtures/charge-model-values';
import { createTestOrm } from '../../../test/harness/database';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { aggregateUsageUnits, percentageUsageFees, type MeteredMetric } from './index';
import { storeEvents } from './stored-events.fixture';

/**
 * Issue 16's known answers, each through events stored in PostgreSQL and the SQL path, exact to the minor unit.
 */
describe('metering known answers (PostgreSQL)', () => {
  let orm: Orm;
  let sql: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm();
    sql = tenantSql(orm, (await createTenantFixture(orm, loadConfig())).tenantId);
  });
  afterAll(() => orm.close());

  const store = async (code: string, events: { iso: string; properties: Record<string, string | number> }[]) => {
    const subscriptionId = newId('subscription');
    const rows = events.map((event) => ({
      subscriptionId,
      code,
      timestamp: Date.parse(event.iso),
      properties: event.properties,
    }));
    await storeEvents(sql, sql.table('events'), rows);
    return subscriptionId;
  };
  const usd = (amount: bigint): Money => ({ amount, currency: USD });
  const metric = (code: string, aggregationType: MeteredMetric['aggregationType'], fieldName: string) => ({
    code,
    aggregationType,
    fieldName,
    recurring: false,
  });

  it('WEIGHTED_SUM over January 2022: Σ total × seconds held / 2,678,400 s', async () => {
    const deltas: [string, number][] = [
      ['2022-01-01T00:00:00Z', 2],
      ['2022-01-01T01:00:00Z', -1],
      ['2022-01-01T12:00:00Z', 4],
      ['2022-01-04T00:00:00Z', -4],
      ['2022-01-31T23:59:59Z', 2],
    ];
    const from = new Date('2022-01-01T00:00:00Z');
    const to = new Date('2022-02-01T00:00:00Z');
    const subscriptionId = await store(
      'seats',
      deltas.map(([iso, seats]) => ({ iso, properties: { seats } })),
    );
    // The running total after each delta, held until the next one (the last until the period's end).
    let total = 0;
    let held = 0;
    deltas.forEach(([iso, seats], index) => {
      total += seats;
      const until = deltas[index + 1]?.[0] ?? to.toISOString();
      held += total * ((Date.parse(until) - Date.parse(iso)) / 1000);
    });
    const periodSeconds = (to.getTime() - from.getTime()) / 1000;
    expect([held, periodSeconds]).toEqual([3_546_002, 2_678_400]);

    const units = await aggregateUsageUnits(
      sql,
      sql.table('events'),
      { subscriptionId, from, to },
      metric('seats', 'WEIGHTED_SUM', 'seats'),
      [],
    );
    expect(units).toEqual({ filters: [], rest: createRational(BigInt(held), BigInt(periodSeconds)) });
    // 1.32392547...: 3,546,002 / 2,678,400 = 1,773,001 / 1,339,200 in lowest terms.
    expect(units.rest).toEqual({ numerator: 1_773_001n, denominator: 1_339_200n });
  });

  describe('250 units summed from stored events', () => {
    let units: Awaited<ReturnType<typeof aggregateUsageUnits>>['rest'];

    beforeAll(async () => {
      const subscriptionId = await store('storage', [
        { iso: '2026-03-02T00:00:00Z', properties: { gb: 100 } },
        { iso: '2026-03-10T00:00:00Z', properties: { gb: '120.5' } },
        { iso: '2026-03-20T00:00:00Z', properties: { gb: 29.5 } },
      ]);
      const window = { subscriptionId, from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
      ({ rest: units } = await aggregateUsageUnits(
        sql,
        sql.table('events'),
        window,
        metric('storage', 'SUM', 'gb'),
        [],
      ));
      expect(units).toEqual(createRational(250n, 1n));
    });

    it('GRADUATED 0-100 @1.00, 100-200 @0.50, 200+ @0.10: 155.00', () => {
      expect(priceGraduated({ units, ranges: ANCHOR_RANGES, currency: USD })).toEqual(usd(155_00n));
    });

    it('GRADUATED with a flat 10.00 on the second range: 165.00', () => {
      const ranges = [range(0, 100, '1.00'), range(100, 200, '0.50', '10.00'), range(200, null, '0.10')];
      expect(priceGraduated({ units, ranges, currency: USD })).toEqual(usd(165_00n));
    });

    it('VOLUME over the same ranges: 25.00', () => {
      expect(priceVolume({ units, ranges: ANCHOR_RANGES, currency: USD })).toEqual(usd(25_00n));
    });
  });

  it('PERCENTAGE 1% + 0.10 per transaction, clamped to 0.50..5.00, over 10.00, 200.00 and 1,000.00: 7.60', async () => {
    const subscriptionId = await store('payments', [
      { iso: '2026-03-02T00:00:00Z', properties: { amount: '10.00' } },
      { iso: '2026-03-03T00:00:00Z', properties: { amount: 200 } },
      { iso: '2026-03-04T00:00:00Z', properties: { amount: '1000.00' } },
    ]);
    const window = { subscriptionId, from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
    const terms = {
      rate: decimal('1'),
      fixedAmount: decimal('0.10'),
      perTransactionMin: decimal('0.50'),
      perTransactionMax: decimal('5.00'),
    };
    const fees = await percentageUsageFees(
      sql,
      sql.table('events'),
      window,
      metric('payments', 'SUM', 'amount'),
      [],
      terms,
    );
    // 0.20 → 0.50, 2.10, 10.10 → 5.00.
    expect(fees.rest).toEqual(createRational(760n, 100n));
    expect(roundToMoney(fees.rest, USD)).toEqual(usd(7_60n));
  });
});
