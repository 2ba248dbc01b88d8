import { newId } from '../../infra/ids';
import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { provisionTenantSchema } from '../../infra/db/tenant-schema';
import { insertSubscriptionRow } from '../../test/fixtures/subscription-rows';
import { createLogger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { configForDatabase } from '../../test/harness/database';
import { dropDatabase, uniqueDatabaseUrl } from '../../test/harness/database-harness';
import { centralMigrations } from '.';
import { CreatePendingSubscriptionStarts } from './20261126100000-create-pending-subscription-starts';

const logger = createLogger({ level: 'silent', name: 'backfill-test' });

// Its own database, migrated up to the migration before this one: the backfill reads every tenant schema.
describe('the pending subscription starts migration', () => {
  let databaseUrl: string;
  let config: Config;
  let orm: Orm;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(CreatePendingSubscriptionStarts);
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
    return tenantId;
  }

  const insertSubscription = (tenantId: string, options: { started: boolean }) =>
    insertSubscriptionRow(sql, tenantId, options);

  it('enters every subscription of every tenant still waiting for its workflow, with its creation instant', async () => {
    const [first, second, withoutSchema] = [await insertTenant(), await insertTenant(), await insertTenant()];
    await provisionTenantSchema({ orm, tenantId: first });
    await provisionTenantSchema({ orm, tenantId: second });
    const waiting = [
      { tenantId: first, id: await insertSubscription(first, { started: false }) },
      { tenantId: second, id: await insertSubscription(second, { started: false }) },
    ];
    await insertSubscription(first, { started: true });

    const result = await migrateAll({ config, logger });
    // The migrations after it run too: what matters is that this one ran now, over the rows inserted above.
    expect(result.central[0]).toBe('20261126100000_create_pending_subscription_starts');
    expect(result.tenants.map((tenant) => tenant.tenantId)).toContain(withoutSchema);

    const rows = await sql<{ tenant_id: string; subscription_id: string; waited: boolean }>(
      `select tenant_id, subscription_id, created_at < now() - interval '59 minutes' as waited
         from central.pending_subscription_starts`,
    );
    const expected = waiting.map(({ tenantId, id }) => ({ tenant_id: tenantId, subscription_id: id, waited: true }));
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
  });
});
