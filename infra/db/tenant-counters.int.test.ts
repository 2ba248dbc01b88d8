import { loadConfig } from '../config';
import { createTestOrm } from '../../test/harness/database';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import type { Orm } from './orm';
import { takeCounterValue } from './tenant-counters';
import { tenantSql, type TenantSql } from './tenant-sql';

let orm: Orm;

beforeAll(async () => {
  orm = await createTestOrm({ poolMax: 10 });
});

afterAll(async () => {
  await orm.close();
});

async function newTenant(): Promise<TenantSql> {
  const { tenantId } = await createTenantFixture(orm, loadConfig());
  return tenantSql(orm, tenantId);
}

const take = (sql: TenantSql, name: string): Promise<bigint> =>
  sql.transactional((transaction) => takeCounterValue(sql, transaction, name));

describe('takeCounterValue', () => {
  it('counts 1, 2, 3 per tenant and per name', async () => {
    const [tenantA, tenantB] = [await newTenant(), await newTenant()];

    expect([await take(tenantA, 'invoice:2026'), await take(tenantA, 'invoice:2026')]).toEqual([1n, 2n]);
    expect(await take(tenantA, 'credit_note:2026')).toBe(1n);
    expect(await take(tenantB, 'invoice:2026')).toBe(1n);
    expect(await take(tenantA, 'invoice:2026')).toBe(3n);
  });

  it('hands out consecutive values to concurrent transactions: no gap, no duplicate', async () => {
    const sql = await newTenant();

    const values = await Promise.all(Array.from({ length: 20 }, () => take(sql, 'invoice:2026')));

    expect([...values].sort((a, b) => Number(a - b))).toEqual(Array.from({ length: 20 }, (_, n) => BigInt(n + 1)));
  });

  it('gives the value back when its transaction rolls back', async () => {
    const sql = await newTenant();
    await take(sql, 'credit_note:2026');

    await expect(
      sql.transactional(async (transaction) => {
        expect(await takeCounterValue(sql, transaction, 'credit_note:2026')).toBe(2n);
        throw new Error('finalize failed');
      }),
    ).rejects.toThrow('finalize failed');

    expect(await take(sql, 'credit_note:2026')).toBe(2n);
  });
});
