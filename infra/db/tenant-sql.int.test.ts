import { loadConfig } from '../config';
import { newId } from '../ids';
import { createTestOrm, newTenantId } from '../../test/harness/database';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import type { Orm } from './orm';
import { isUniqueViolation } from './postgres-errors';
import { tenantSchemaName } from './tenant-schema';
import { tenantSql, type TenantSql } from './tenant-sql';

let orm: Orm;

beforeAll(async () => {
  orm = await createTestOrm();
});

afterAll(async () => {
  await orm.close();
});

async function newTenant(): Promise<TenantSql<'customers'>> {
  const { tenantId } = await createTenantFixture(orm, loadConfig());
  return tenantSql(orm, tenantId);
}

async function insertCustomer(sql: TenantSql<'customers'>, externalId: string): Promise<string> {
  const row = await sql.oneOrFail<{ id: string }>(
    `insert into ${sql.table('customers')} (id, external_id, email, currency) values (?, ?, ?, 'EUR') returning id`,
    [newId('customer'), externalId, `${externalId}@example.com`],
  );
  return row.id;
}

describe('tenantSql', () => {
  it('carries the tenant id and qualifies its tables with the schema made from it', () => {
    const tenantId = newTenantId();

    const sql = tenantSql(orm, tenantId);

    expect(sql.tenantId).toBe(tenantId);
    expect(sql.schema).toBe(tenantSchemaName(tenantId));
    expect(sql.table('customers')).toBe(`"${tenantSchemaName(tenantId)}".customers`);
  });

  it.each([['central'], ['ten_x"; drop schema central cascade; --'], ['cust_01JD3Z8V4N6QKX2M7R9T5W0BCY']])(
    'refuses %s as a tenant id',
    (tenantId) => {
      expect(() => tenantSql(orm, tenantId)).toThrow('Not a tenant id');
    },
  );

  it('reads and writes only its own tenant’s rows', async () => {
    const [tenantA, tenantB] = [await newTenant(), await newTenant()];

    const id = await insertCustomer(tenantA, 'acme-1');

    const select = `select id from ${tenantB.table('customers')} where id = ?`;
    expect(await tenantB.one(select, [id])).toBeUndefined();
    expect(await tenantB.query(`select id from ${tenantB.table('customers')}`)).toEqual([]);
    expect(await tenantA.one(`select id from ${tenantA.table('customers')} where id = ?`, [id])).toEqual({ id });
  });

  it('reads the tenant’s own central rows through its id', async () => {
    const sql = await newTenant();

    const row = await sql.one<{ id: string }>('select id from central.tenants where id = ?', [sql.tenantId]);

    expect(row).toEqual({ id: sql.tenantId });
  });

  it('answers undefined from one, and throws from oneOrFail, when a statement returns no row', async () => {
    const sql = await newTenant();
    const select = `select id from ${sql.table('customers')} where id = ?`;

    expect(await sql.one(select, ['cust_01JD0000000000000000000000'])).toBeUndefined();
    await expect(sql.oneOrFail(select, ['cust_01JD0000000000000000000000'])).rejects.toThrow(
      'No row from a statement that must return one',
    );
  });

  it('commits a transaction’s statements together, or none of them', async () => {
    const sql = await newTenant();

    await expect(
      sql.transactional(async (transaction) => {
        await sql.query(
          `insert into ${sql.table('customers')} (id, external_id, email, currency) values (?, 'gone', 'g@example.com', 'EUR')`,
          [newId('customer')],
          transaction,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(await sql.query(`select id from ${sql.table('customers')}`)).toEqual([]);
  });

  it('lets isUniqueViolation name the constraint a duplicate broke', async () => {
    const sql = await newTenant();
    await insertCustomer(sql, 'dup');

    const duplicate = await insertCustomer(sql, 'dup').catch((error: unknown) => error);

    expect(isUniqueViolation(duplicate, 'customers_external_id_unique')).toBe(true);
    expect(isUniqueViolation(duplicate, 'another_constraint')).toBe(false);
    expect(isUniqueViolation(new Error('not from PostgreSQL'), 'customers_external_id_unique')).toBe(false);
  });
});
