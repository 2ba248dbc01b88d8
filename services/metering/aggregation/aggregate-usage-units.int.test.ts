import { createRational, type Rational } from '../../../domain/money';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { aggregateUsageUnits, type MeteredMetric } from './index';
import { storeEvents } from './stored-events.fixture';

const MARCH = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
const at = (iso: string) => Date.parse(iso);
const units = (numerator: bigint, denominator = 1n): Rational => createRational(numerator, denominator);

describe('aggregateUsageUnits (PostgreSQL)', () => {
  let orm: Orm;
  let sql: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm();
    const tenant = await createTenantFixture(orm, loadConfig());
    sql = tenantSql(orm, tenant.tenantId);
  });
  afterAll(() => orm.close());

  const subscriptionWith = async (
    events: { iso: string; properties: Record<string, string | number>; code?: string }[],
  ) => {
    const subscriptionId = newId('subscription');
    await storeEvents(
      sql,
      sql.table('events'),
      events.map((event) => ({
        subscriptionId,
        code: event.code ?? 'api',
        timestamp: at(event.iso),
        properties: event.properties,
      })),
    );
    return subscriptionId;
  };
  const metric = (aggregationType: MeteredMetric['aggregationType'], recurring = false): MeteredMetric => ({
    code: 'api',
    aggregationType,
    fieldName: aggregationType === 'COUNT' ? null : 'value',
    recurring,
  });

  it('aggregates each type over [from, to) for the subscription and metric only', async () => {
    const subscriptionId = await subscriptionWith([
      { iso: '2026-02-28T23:59:59.999Z', properties: { value: 100, user: 'a' } },
      { iso: '2026-03-01T00:00:00Z', properties: { value: '2.5', user: 'a' } },
      { iso: '2026-03-10T00:00:00Z', properties: { value: -1, user: 'b' } },
      { iso: '2026-03-10T00:00:00Z', properties: { value: 'n/a', user: 'c' } },
      { iso: '2026-03-20T00:00:00Z', properties: { value: 4, user: 7 } },
      { iso: '2026-03-21T00:00:00Z', properties: { value: 1000 }, code: 'other' },
      { iso: '2026-04-01T00:00:00Z', properties: { value: 1000, user: 'd' } },
    ]);
    await subscriptionWith([{ iso: '2026-03-05T00:00:00Z', properties: { value: 1000 } }]);
    const window = { subscriptionId, ...MARCH };
    const run = (type: MeteredMetric['aggregationType'], recurring = false) =>
      aggregateUsageUnits(sql, sql.table('events'), window, metric(type, recurring), []);
    await expect(run('COUNT')).resolves.toEqual({ filters: [], rest: units(4n) });
    await expect(run('SUM')).resolves.toEqual({ filters: [], rest: units(11n, 2n) });
    await expect(run('SUM', true)).resolves.toEqual({ filters: [], rest: units(211n, 2n) });
    await expect(run('MAX')).resolves.toEqual({ filters: [], rest: units(4n) });
    await expect(run('LATEST')).resolves.toEqual({ filters: [], rest: units(4n) });
    const byUser = { ...metric('UNIQUE_COUNT'), fieldName: 'user' };
    await expect(aggregateUsageUnits(sql, sql.table('events'), window, byUser, [])).resolves.toEqual({
      filters: [],
      rest: units(4n),
    });
  });

  it('gives 0 for every type over a period without events', async () => {
    const subscriptionId = await subscriptionWith([{ iso: '2026-05-01T00:00:00Z', properties: { value: 3 } }]);
    for (const type of ['COUNT', 'SUM', 'MAX', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM'] as const) {
      const result = await aggregateUsageUnits(sql, sql.table('events'), { subscriptionId, ...MARCH }, metric(type), [
        { key: 'region', values: ['eu'] },
      ]);
      expect(result).toEqual({ filters: [units(0n)], rest: units(0n) });
    }
  });

  it('puts each event in the first charge filter it matches, the others in the rest', async () => {
    const subscriptionId = await subscriptionWith([
      { iso: '2026-03-02T00:00:00Z', properties: { value: 1, region: 'eu' } },
      { iso: '2026-03-03T00:00:00Z', properties: { value: 2, region: 'us', tier: 'gold' } },
      { iso: '2026-03-04T00:00:00Z', properties: { value: 4, region: 'eu', tier: 'gold' } },
      { iso: '2026-03-05T00:00:00Z', properties: { value: 8, region: 'fr' } },
      { iso: '2026-03-06T00:00:00Z', properties: { value: 16, size: 7 } },
      { iso: '2026-03-07T00:00:00Z', properties: { value: 32, region: 'it"s' } },
    ]);
    const filters = [
      { key: 'region', values: ['eu', 'it"s'] },
      { key: 'tier', values: ['gold'] },
      { key: 'size', values: ['7'] },
      { key: 'region', values: ['jp'] },
    ];
    await expect(
      aggregateUsageUnits(sql, sql.table('events'), { subscriptionId, ...MARCH }, metric('SUM'), filters),
    ).resolves.toEqual({ filters: [units(37n), units(2n), units(16n), units(0n)], rest: units(8n) });
  });

  it("runs in the caller's transaction, sees its uncommitted events, and leaves its work_mem as it was", async () => {
    const subscriptionId = newId('subscription');
    const window = { subscriptionId, ...MARCH };
    const result = await sql.transactional(async (transaction) => {
      const before = await sql.oneOrFail<{ value: string }>(
        `select current_setting('work_mem') as value`,
        [],
        transaction,
      );
      await sql.query(
        `insert into ${sql.table('events')} (id, transaction_id, subscription_id, customer_id, code, timestamp, properties)
         values (?, ?, ?, 'cust_x', 'api', ?::timestamptz, '{"value": 3}')`,
        [newId('usageEvent'), newId('usageEvent'), subscriptionId, '2026-03-05T00:00:00Z'],
        transaction,
      );
      const units = await aggregateUsageUnits(sql, sql.table('events'), window, metric('SUM'), [], transaction);
      const after = await sql.oneOrFail<{ value: string }>(
        `select current_setting('work_mem') as value`,
        [],
        transaction,
      );
      expect(after.value).toBe(before.value);
      return units;
    });
    expect(result).toEqual({ filters: [], rest: units(3n) });
  });
});
