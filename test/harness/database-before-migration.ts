import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { provisionTenantSchema } from '../../infra/db/tenant-schema';
import { newId } from '../../infra/ids';
import { createLogger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { centralMigrations } from '../../migrations/central';
import { configForDatabase } from './database';
import { dropDatabase, uniqueDatabaseUrl } from './database-harness';

type CentralMigration = (typeof centralMigrations)[number];

export interface DatabaseBeforeMigration {
  config: Config;
  orm: Orm;
  sql: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  /** A tenant row as registration wrote it then; with its schema unless `schema: false`. */
  insertTenant: (options?: { schema?: boolean }) => Promise<string>;
  /** An API key of the tenant holding `scopes`, as stored then. */
  insertApiKey: (tenantId: string, scopes: readonly string[]) => Promise<string>;
  /** Runs the migration under test and every one after it. */
  migrateRest: () => ReturnType<typeof migrateAll>;
}

const logger = createLogger({ level: 'silent', name: 'migration-test' });

/**
 * A database of the test file's own, migrated up to the central migration before `migration`, so the test can lay
 * out data as it was then and watch the migration (a backfill, a change of stored values) act on it. Registers its
 * jest hooks; read the handle inside tests.
 */
export function useDatabaseBeforeMigration(migration: CentralMigration): () => DatabaseBeforeMigration {
  let handle: DatabaseBeforeMigration | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    const config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(migration);
    if (before < 0) throw new Error(`${migration.name} is not a central migration`);
    await migrateAll({ config, logger, migrations: { central: centralMigrations.slice(0, before) } });
    const orm = await createOrm(config, { poolMax: 2 });
    const sql = <T>(text: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(text, params);
    handle = {
      config,
      orm,
      sql,
      insertTenant: (options = {}) => insertTenant({ orm, sql }, options.schema ?? true),
      insertApiKey: (tenantId, scopes) => insertApiKey(sql, tenantId, scopes),
      migrateRest: () => migrateAll({ config, logger }),
    };
  });
  afterAll(async () => {
    await handle?.orm.close();
    await dropDatabase(databaseUrl);
  });

  return () => {
    if (handle === undefined) throw new Error('the database is made in beforeAll: read it inside a test');
    return handle;
  };
}

async function insertTenant(
  database: Pick<DatabaseBeforeMigration, 'orm' | 'sql'>,
  withSchema: boolean,
): Promise<string> {
  const tenantId = newId('tenant');
  const slug = tenantId.toLowerCase();
  await database.sql(
    `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
     values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
    [tenantId, slug, `owner@${slug}.example`],
  );
  if (withSchema) await provisionTenantSchema({ orm: database.orm, tenantId });
  return tenantId;
}

async function insertApiKey(
  sql: DatabaseBeforeMigration['sql'],
  tenantId: string,
  scopes: readonly string[],
): Promise<string> {
  const id = newId('apiKey');
  await sql(
    `insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash)
     values (?, ?, 'Key', ?::jsonb, 'sk_live_xxxx', ?)`,
    [id, tenantId, JSON.stringify(scopes), `hash-${id}`],
  );
  return id;
}
