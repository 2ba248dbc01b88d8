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
import { CreatePendingDunningStarts } from './20261128200000-create-pending-dunning-starts';

const logger = createLogger({ level: 'silent', name: 'dunning-backfill-test' });

// Its own database, migrated up to the migration before this one: the backfill reads every tenant schema.
describe('the pending dunning starts migration', () => {
  let databaseUrl: string;
  let config: Config;
  let orm: Orm;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(CreatePendingDunningStarts);
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

  async function insertInvoice(tenantId: string, status: string, dueDate: string | null): Promise<string> {
    const schema = tenantSchemaName(tenantId);
    const customerId = newId('customer');
    await sql(
      `insert into ${schema}.customers (id, external_id, email, currency) values (?, ?, 'c@x.example', 'USD')`,
      [customerId, customerId],
    );
    const invoiceId = newId('invoice');
    await sql(
      `insert into ${schema}.invoices (id, status, customer_id, currency, due_date) values (?, ?, ?, 'USD', ?::timestamptz)`,
      [invoiceId, status, customerId, dueDate as string],
    );
    return invoiceId;
  }

  it('enters every OPEN invoice with a due date, of every tenant, and nothing else', async () => {
    const [first, second] = [await insertTenant(), await insertTenant()];
    const due = '2026-12-01T00:00:00Z';
    const expected = [
      { tenant_id: first, invoice_id: await insertInvoice(first, 'OPEN', due) },
      { tenant_id: second, invoice_id: await insertInvoice(second, 'OPEN', due) },
    ];
    await insertInvoice(first, 'DRAFT', null);
    await insertInvoice(first, 'OPEN', null);
    await insertInvoice(second, 'PAID', due);
    await insertInvoice(second, 'VOIDED', due);

    const result = await migrateAll({ config, logger });
    expect(result.central[0]).toBe('20261128200000_create_pending_dunning_starts');

    const rows = await sql<{ tenant_id: string; invoice_id: string }>(
      'select tenant_id, invoice_id from central.pending_dunning_starts',
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
  });
});
