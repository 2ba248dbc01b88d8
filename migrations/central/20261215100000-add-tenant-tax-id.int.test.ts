import { newId } from '../../infra/ids';
import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createLogger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { configForDatabase } from '../../test/harness/database';
import { dropDatabase, uniqueDatabaseUrl } from '../../test/harness/database-harness';
import { centralMigrations } from '.';
import { AddTenantTaxId } from './20261215100000-add-tenant-tax-id';

const logger = createLogger({ level: 'silent', name: 'tenant-tax-id-test' });

// Its own database, migrated up to the migration before this one, with a tenant as it was then.
describe('the tenant tax id migration', () => {
  let databaseUrl: string;
  let config: Config;
  let orm: Orm;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(AddTenantTaxId);
    await migrateAll({ config, logger, migrations: { central: centralMigrations.slice(0, before) } });
    orm = await createOrm(config, { poolMax: 2 });
  });
  afterAll(async () => {
    await orm.close();
    await dropDatabase(databaseUrl);
  });

  const sql = <T>(text: string, params: (string | null)[] = []) => orm.em.getConnection().execute<T[]>(text, params);

  it('leaves existing tenants without a tax id, and takes 1 to 50 characters', async () => {
    const tenantId = newId('tenant');
    await sql(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, tenantId.toLowerCase(), `owner@${tenantId.toLowerCase()}.example`],
    );

    await migrateAll({ config, logger });

    const [row] = await sql<{ tax_id: string | null }>('select tax_id from central.tenants where id = ?', [tenantId]);
    expect(row?.tax_id).toBeNull();
    await sql('update central.tenants set tax_id = ? where id = ?', ['X'.repeat(50), tenantId]);
    await expect(sql('update central.tenants set tax_id = ? where id = ?', ['X'.repeat(51), tenantId])).rejects.toThrow(
      /check constraint/,
    );
    await expect(sql('update central.tenants set tax_id = ? where id = ?', ['', tenantId])).rejects.toThrow(
      /check constraint/,
    );
  });
});
