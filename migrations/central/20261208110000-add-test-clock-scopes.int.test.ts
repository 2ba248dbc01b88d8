import { newId } from '../../infra/ids';
import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createLogger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { configForDatabase } from '../../test/harness/database';
import { dropDatabase, uniqueDatabaseUrl } from '../../test/harness/database-harness';
import { SCOPES } from '../../domain/auth/scopes';
import { centralMigrations } from '.';
import { AddTestClockScopes } from './20261208110000-add-test-clock-scopes';

const logger = createLogger({ level: 'silent', name: 'test-clock-scopes-test' });

// Its own database, migrated up to the migration before this one, with keys as they were then.
describe('the test_clocks scopes migration', () => {
  let databaseUrl: string;
  let config: Config;
  let orm: Orm;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(AddTestClockScopes);
    await migrateAll({ config, logger, migrations: { central: centralMigrations.slice(0, before) } });
    orm = await createOrm(config, { poolMax: 2 });
  });
  afterAll(async () => {
    await orm.close();
    await dropDatabase(databaseUrl);
  });

  const sql = <T>(text: string, params: string[] = []) => orm.em.getConnection().execute<T[]>(text, params);

  async function insertKey(tenantId: string, scopes: readonly string[]): Promise<string> {
    const id = newId('apiKey');
    await sql(
      `insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash)
       values (?, ?, 'Key', ?::jsonb, 'sk_live_xxxx', ?)`,
      [id, tenantId, JSON.stringify(scopes), `hash-${id}`],
    );
    return id;
  }

  it('gives test_clocks:read and test_clocks:write to keys that held every scope, and to no other', async () => {
    const tenantId = newId('tenant');
    await sql(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, tenantId.toLowerCase(), `owner@${tenantId.toLowerCase()}.example`],
    );
    const allBefore = SCOPES.filter((scope) => !scope.startsWith('test_clocks:'));
    const everything = await insertKey(tenantId, allBefore);
    const limited = await insertKey(tenantId, ['customers:read', 'portal:read']);

    await migrateAll({ config, logger });

    const rows = await sql<{ id: string; scopes: string[] }>('select id, scopes from central.api_keys order by id');
    const scopesOf = (id: string) => rows.find((row) => row.id === id)?.scopes;
    expect(scopesOf(everything)).toEqual([...allBefore, 'test_clocks:read', 'test_clocks:write']);
    expect(scopesOf(limited)).toEqual(['customers:read', 'portal:read']);
  });
});
