import { newId } from '../../infra/ids';
import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { provisionTenantSchema, tenantSchemaName } from '../../infra/db/tenant-schema';
import { createLogger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { configForDatabase } from '../../test/harness/database';
import { dropDatabase, uniqueDatabaseUrl } from '../../test/harness/database-harness';
import { centralMigrations } from '.';
import { CreatePendingWalletWakes } from './20261202100000-create-pending-wallet-wakes';

const logger = createLogger({ level: 'silent', name: 'wallet-wakes-backfill-test' });

// Its own database, migrated up to the migration before this one: the backfill reads every tenant schema.
describe('the pending wallet wakes migration', () => {
  let databaseUrl: string;
  let config: Config;
  let orm: Orm;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(CreatePendingWalletWakes);
    await migrateAll({ config, logger, migrations: { central: centralMigrations.slice(0, before) } });
    orm = await createOrm(config, { poolMax: 2 });
  });
  afterAll(async () => {
    await orm.close();
    await dropDatabase(databaseUrl);
  });

  const sql = <T>(text: string, params: string[] = []) => orm.em.getConnection().execute<T[]>(text, params);

  async function insertTenant(): Promise<string> {
    const tenantId = newId('tenant');
    const slug = tenantId.toLowerCase();
    await sql(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, slug, `owner@${slug}.example`],
    );
    await provisionTenantSchema({ orm, tenantId });
    return tenantId;
  }

  async function insertWallet(tenantId: string, status: 'ACTIVE' | 'TERMINATED'): Promise<string> {
    const schema = tenantSchemaName(tenantId);
    const customerId = newId('customer');
    await sql(
      `insert into ${schema}.customers (id, external_id, email, currency) values (?, ?, 'c@x.example', 'USD')`,
      [customerId, customerId],
    );
    const walletId = newId('wallet');
    await sql(
      `insert into ${schema}.wallets (id, customer_id, currency, rate_amount, status, terminated_at)
       values (?, ?, 'USD', 1, ?, case when ? = 'TERMINATED' then now() end)`,
      [walletId, customerId, status, status],
    );
    return walletId;
  }

  it('owes a wake to every ACTIVE wallet, of every tenant, and to nothing else', async () => {
    const [first, second] = [await insertTenant(), await insertTenant()];
    const expected = [
      { tenant_id: first, wallet_id: await insertWallet(first, 'ACTIVE') },
      { tenant_id: second, wallet_id: await insertWallet(second, 'ACTIVE') },
    ];
    await insertWallet(first, 'TERMINATED');
    await insertWallet(second, 'TERMINATED');

    const result = await migrateAll({ config, logger });
    expect(result.central[0]).toBe('20261202100000_create_pending_wallet_wakes');

    const rows = await sql<{ tenant_id: string; wallet_id: string; version: string }>(
      'select tenant_id, wallet_id, version::text from central.pending_wallet_wakes',
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected.map((row) => ({ ...row, version: '1' }))));
  });
});
