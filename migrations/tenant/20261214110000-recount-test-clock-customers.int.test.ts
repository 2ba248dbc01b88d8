import { loadConfig } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../infra/db/tenant-sql';
import { newId } from '../../infra/ids';
import { createTestClock } from '../../services/catalog/test-clocks';
import { createTestOrm } from '../../test/harness/database';
import { runTenantMigration } from '../../test/harness/tenant-migration';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import { RecountTestClockCustomers } from './20261214110000-recount-test-clock-customers';

/** Clocks counted before deleting a customer freed its place: counted again without their deleted customers. */
describe('RecountTestClockCustomers', () => {
  let orm: Orm;
  let sql: TenantSql;
  beforeAll(async () => {
    orm = await createTestOrm();
    sql = tenantSql(orm, (await createTenantFixture(orm, loadConfig())).tenantId);
  });
  afterAll(() => orm.close());

  async function customerOn(clockId: string, deleted: boolean): Promise<void> {
    const id = newId('customer');
    await sql.query(
      `insert into ${sql.table('customers')} (id, external_id, email, currency, test_clock_id, deleted_at)
       values (?, ?, ?, 'USD', ?, ?)`,
      [id, id, `${id.toLowerCase()}@example.com`, clockId, deleted ? new Date() : null],
    );
  }

  const countOf = async (clockId: string): Promise<number> => {
    const [row] = await sql.query<{ customer_count: number }>(
      `select customer_count from ${sql.table('test_clocks')} where id = ?`,
      [clockId],
    );
    return Number(row?.customer_count);
  };

  test('up counts each clock its customers not deleted; down counts them all again', async () => {
    const frozenTime = new Date('2026-01-31T00:00:00.000Z');
    const withDeleted = (await createTestClock(sql, { name: 'with deleted', frozenTime })).id;
    const untouched = (await createTestClock(sql, { name: 'untouched', frozenTime })).id;
    const empty = (await createTestClock(sql, { name: 'empty', frozenTime })).id;
    await customerOn(withDeleted, false);
    await customerOn(withDeleted, true);
    await customerOn(withDeleted, true);
    await customerOn(untouched, false);
    // As the counts stood when a deletion did not free a place.
    await sql.query(`update ${sql.table('test_clocks')} set customer_count = 3 where id = ?`, [withDeleted]);
    await sql.query(`update ${sql.table('test_clocks')} set customer_count = 1 where id = ?`, [untouched]);

    await runTenantMigration(orm, sql, RecountTestClockCustomers, 'up');
    expect([await countOf(withDeleted), await countOf(untouched), await countOf(empty)]).toEqual([1, 1, 0]);

    await runTenantMigration(orm, sql, RecountTestClockCustomers, 'down');
    expect([await countOf(withDeleted), await countOf(untouched), await countOf(empty)]).toEqual([3, 1, 0]);
  });
});
