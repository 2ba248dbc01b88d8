import { Writable } from 'node:stream';
import { Migration } from '@mikro-orm/migrations';
import { pino } from 'pino';
import { tenantMigrations } from '../../migrations/tenant';
import { createMigratedDatabase, dropDatabase } from '../../test/harness/database-harness';
import { configForDatabase, newTenantId } from '../../test/harness/database';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { migrateAll } from './migrate-all';
import { createOrm, type Orm } from './orm';
import { sqlOf } from './sql';
import { provisionTenantSchema, tenantSchemaName } from './tenant-schema';

class AddCustomerNotes extends Migration {
  override name = '29990101000000_add_customer_notes';
  override up(): void {
    this.addSql('alter table customers add column notes text null');
  }
}

const nextTenantMigrations = [...tenantMigrations, AddCustomerNotes];

function captureLogs(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, stream),
    lines: () => chunks.map((chunk) => JSON.parse(chunk) as Record<string, unknown>),
  };
}

// Its own database: migrating "every tenant" must not reach the tenants other test files create meanwhile.
describe('migrateAll', () => {
  let config: Config;
  let orm: Orm;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createMigratedDatabase();
    config = configForDatabase(databaseUrl);
    orm = await createOrm(config, { poolMax: 2 });
  });

  afterAll(async () => {
    await orm.close();
    await dropDatabase(databaseUrl);
  });

  async function insertTenant(tenantId: string, companyName: string, email?: string): Promise<void> {
    const slug = companyName.toLowerCase();
    await sqlOf(orm).query(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', ?, ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, companyName, slug, email ?? `owner@${slug}.example`],
    );
  }

  async function columnsOf(schema: string): Promise<string[]> {
    const rows = await orm.em
      .getConnection()
      .execute<{ name: string }[]>(
        "select column_name as name from information_schema.columns where table_schema = ? and table_name = 'customers'",
        [schema],
      );
    return rows.map((row) => row.name);
  }

  it('migrates the central schema, then every tenant, and repairs a tenant that has no schema yet', async () => {
    const [current, missing] = [newTenantId(), newTenantId()];
    await insertTenant(current, 'Current');
    await provisionTenantSchema({ orm, tenantId: current });
    await insertTenant(missing, 'Crashed');
    const { logger, lines } = captureLogs();

    const result = await migrateAll({ config, logger, migrations: { tenant: nextTenantMigrations } });

    expect(result.central).toEqual([]);
    const [currentResult, missingResult] = result.tenants;
    expect(currentResult).toEqual({
      tenantId: current,
      schema: tenantSchemaName(current),
      applied: ['29990101000000_add_customer_notes'],
    });
    // The tenant without a schema gets every tenant migration, then the new one.
    expect(missingResult?.tenantId).toBe(missing);
    expect(missingResult?.schema).toBe(tenantSchemaName(missing));
    expect(missingResult?.applied).toHaveLength(nextTenantMigrations.length);
    expect(missingResult?.applied[0]).toBe('20261122120000_create_customers');
    expect(missingResult?.applied.at(-1)).toBe('29990101000000_add_customer_notes');
    expect(result.tenants).toHaveLength(2);
    for (const tenantId of [current, missing]) {
      expect(await columnsOf(tenantSchemaName(tenantId))).toContain('notes');
    }
    expect(lines()).toContainEqual(expect.objectContaining({ msg: 'tenant schema migrated', tenantId: missing }));
  });

  it('does nothing on a second run and warns about schemas whose tenant row is gone', async () => {
    const orphan = newTenantId();
    await provisionTenantSchema({ orm, tenantId: orphan });
    const { logger, lines } = captureLogs();

    const result = await migrateAll({ config, logger, migrations: { tenant: nextTenantMigrations } });

    expect(result.central).toEqual([]);
    expect(result.tenants.map((tenant) => tenant.applied)).toEqual([[], []]);
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: 'tenant schemas without a tenant row (not migrated)',
        orphans: [tenantSchemaName(orphan)],
      }),
    );
  });

  it('gives central.tenants case-insensitively unique e-mails', async () => {
    await insertTenant(newTenantId(), 'Dupe');

    await expect(insertTenant(newTenantId(), 'Other', 'OWNER@dupe.example')).rejects.toThrow(
      /tenants_email_lower_unique/,
    );
  });
});
