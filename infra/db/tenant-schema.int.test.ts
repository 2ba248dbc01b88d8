import { Migration } from '@mikro-orm/migrations';
import { tenantMigrations } from '../../migrations/tenant';
import { createTestOrm, newTenantId } from '../../test/harness/database';
import { newId } from '../ids';
import type { Orm } from './orm';
import { dropTenantSchema, listTenantSchemas, provisionTenantSchema, tenantSchemaName } from './tenant-schema';
import { tenantSql, type TenantSql } from './tenant-sql';

class CreateHalfDoneTable extends Migration {
  override name = '29990101000000_create_half_done_table';
  override up(): void {
    this.addSql('create table half_done (id int)');
  }
}

class FailMidWay extends Migration {
  override name = '29990101000001_fail_mid_way';
  override up(): void {
    this.addSql('create table never_kept (id int)');
    this.addSql('select 1 / 0');
  }
}

let orm: Orm;

beforeAll(async () => {
  orm = await createTestOrm();
});

afterAll(async () => {
  await orm.close();
});

async function tablesIn(schema: string): Promise<string[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ name: string }[]>('select tablename as name from pg_tables where schemaname = ? order by 1', [schema]);
  return rows.map((row) => row.name);
}

async function schemaExists(schema: string): Promise<boolean> {
  return (await listTenantSchemas(orm)).includes(schema);
}

async function insertCustomer(sql: TenantSql, externalId: string): Promise<string> {
  const row = await sql.oneOrFail<{ id: string }>(
    `insert into ${sql.table('customers')} (id, external_id, email, currency) values (?, ?, ?, 'EUR') returning id`,
    [newId('customer'), externalId, `${externalId}@example.com`],
  );
  return row.id;
}

describe('provisionTenantSchema', () => {
  it('creates the schema with the customers table and its own migrations table', async () => {
    const tenantId = newTenantId();

    const result = await provisionTenantSchema({ orm, tenantId });

    expect(result.schema).toBe(tenantSchemaName(tenantId));
    expect(result.applied).toHaveLength(tenantMigrations.length);
    expect(result.applied[0]).toBe('20261122120000_create_customers');
    expect(await tablesIn(result.schema)).toEqual(expect.arrayContaining(['customers', 'mikro_orm_migrations']));
  });

  it('does nothing when run again on a current schema', async () => {
    const tenantId = newTenantId();
    await provisionTenantSchema({ orm, tenantId });

    const second = await provisionTenantSchema({ orm, tenantId });

    expect(second.applied).toEqual([]);
    const executed = await orm.em
      .getConnection()
      .execute<unknown[]>(`select name from "${second.schema}".mikro_orm_migrations`);
    expect(executed).toHaveLength(tenantMigrations.length);
  });

  it('leaves no schema behind when a migration fails mid-way', async () => {
    const failingOrm = await createTestOrm({ migrations: [...tenantMigrations, CreateHalfDoneTable, FailMidWay] });
    const tenantId = newTenantId();
    try {
      await expect(provisionTenantSchema({ orm: failingOrm, tenantId })).rejects.toThrow(/division by zero/);
    } finally {
      await failingOrm.close();
    }

    expect(await schemaExists(tenantSchemaName(tenantId))).toBe(false);
    // and the tenant can still be provisioned once the migrations are fixed
    expect((await provisionTenantSchema({ orm, tenantId })).applied).toHaveLength(tenantMigrations.length);
  });

  it('lets two concurrent provisions of the same tenant both succeed with one schema', async () => {
    const tenantId = newTenantId();

    const results = await Promise.all([
      provisionTenantSchema({ orm, tenantId }),
      provisionTenantSchema({ orm, tenantId }),
    ]);

    expect(results.map((result) => result.applied.length).sort()).toEqual([0, tenantMigrations.length]);
    expect(await tablesIn(tenantSchemaName(tenantId))).toEqual(
      expect.arrayContaining(['customers', 'mikro_orm_migrations']),
    );
  });

  it('keeps concurrent provisions of different tenants in their own schemas', async () => {
    const tenantIds = [newTenantId(), newTenantId(), newTenantId()];

    await Promise.all(tenantIds.map((tenantId) => provisionTenantSchema({ orm, tenantId })));

    for (const tenantId of tenantIds) {
      expect(await tablesIn(tenantSchemaName(tenantId))).toEqual(
        expect.arrayContaining(['customers', 'mikro_orm_migrations']),
      );
    }
    expect(await tablesIn('public')).not.toContain('mikro_orm_migrations');
  });

  it('rolls back with the caller transaction it joined', async () => {
    const tenantId = newTenantId();

    await expect(
      orm.em.getConnection().transactional(async (transaction) => {
        await provisionTenantSchema({ orm, tenantId, transaction });
        throw new Error('registration failed later');
      }),
    ).rejects.toThrow('registration failed later');

    expect(await schemaExists(tenantSchemaName(tenantId))).toBe(false);
  });
});

describe('tenant schemas at run time', () => {
  it('writes through one tenant’s SQL into that tenant’s schema only', async () => {
    const [tenantA, tenantB] = [newTenantId(), newTenantId()];
    await provisionTenantSchema({ orm, tenantId: tenantA });
    await provisionTenantSchema({ orm, tenantId: tenantB });

    const writer = tenantSql(orm, tenantA);
    const id = await insertCustomer(writer, 'acme-1');

    const rowsInA = await orm.em
      .getConnection()
      .execute<{ id: string }[]>(`select id from "${tenantSchemaName(tenantA)}".customers`);
    expect(rowsInA.map((row) => row.id)).toEqual([id]);
    const readerB = tenantSql(orm, tenantB);
    expect(await readerB.query(`select id from ${readerB.table('customers')}`)).toEqual([]);
    const readBack = await writer.one(
      `select external_id, currency, metadata, deleted_at from ${writer.table('customers')} where id = ?`,
      [id],
    );
    expect(readBack).toEqual({ external_id: 'acme-1', currency: 'EUR', metadata: {}, deleted_at: null });
  });

  it('frees an externalId once its customer is soft-deleted, and only then', async () => {
    const tenantId = newTenantId();
    await provisionTenantSchema({ orm, tenantId });
    const sql = tenantSql(orm, tenantId);
    const first = await insertCustomer(sql, 'dup');

    await expect(insertCustomer(sql, 'dup')).rejects.toThrow(/customers_external_id_unique/);

    await sql.query(`update ${sql.table('customers')} set deleted_at = now() where id = ?`, [first]);
    await expect(insertCustomer(sql, 'dup')).resolves.toMatch(/^cust_/);
  });

  it('drops a tenant schema and lists only the schemas that remain', async () => {
    const tenantId = newTenantId();
    const { schema } = await provisionTenantSchema({ orm, tenantId });
    expect(await listTenantSchemas(orm)).toContain(schema);

    expect(await dropTenantSchema({ orm, tenantId })).toBe(true);

    expect(await listTenantSchemas(orm)).not.toContain(schema);
    expect(await dropTenantSchema({ orm, tenantId })).toBe(false);
  });
});
