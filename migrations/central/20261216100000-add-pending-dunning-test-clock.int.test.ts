import { newId } from '../../infra/ids';
import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createLogger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { configForDatabase } from '../../test/harness/database';
import { dropDatabase, uniqueDatabaseUrl } from '../../test/harness/database-harness';
import { centralMigrations } from '.';
import { AddPendingDunningTestClock } from './20261216100000-add-pending-dunning-test-clock';

const logger = createLogger({ level: 'silent', name: 'pending-dunning-test-clock-test' });

// Its own database, migrated up to the migration before this one, with a start pending as it was then.
describe('the pending dunning test clock migration', () => {
  let databaseUrl: string;
  let config: Config;
  let orm: Orm;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(AddPendingDunningTestClock);
    await migrateAll({ config, logger, migrations: { central: centralMigrations.slice(0, before) } });
    orm = await createOrm(config, { poolMax: 2 });
  });
  afterAll(async () => {
    await orm.close();
    await dropDatabase(databaseUrl);
  });

  const sql = <T>(text: string, params: string[] = []) => orm.em.getConnection().execute<T[]>(text, params);

  it('keeps a start already pending, as not on a clock (its ladder learns its clock by its first read)', async () => {
    const tenantId = newId('tenant');
    const invoiceId = newId('invoice');
    await sql(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, tenantId.toLowerCase(), `owner@${tenantId.toLowerCase()}.example`],
    );
    await sql('insert into central.pending_dunning_starts (tenant_id, invoice_id) values (?, ?)', [
      tenantId,
      invoiceId,
    ]);

    await migrateAll({ config, logger });

    expect(
      await sql<{ invoice_id: string; on_test_clock: boolean }>(
        'select invoice_id, on_test_clock from central.pending_dunning_starts where tenant_id = ?',
        [tenantId],
      ),
    ).toEqual([{ invoice_id: invoiceId, on_test_clock: false }]);
  });
});
