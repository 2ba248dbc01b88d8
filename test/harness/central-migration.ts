import { loadConfig, type Config } from '../../infra/config';
import { ensureDatabaseExists } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createLogger } from '../../infra/logger';
import { centralMigrations } from '../../migrations/central';
import { configForDatabase } from './database';
import { dropDatabase, uniqueDatabaseUrl } from './database-harness';

type CentralMigrationClass = (typeof centralMigrations)[number];

export interface DatabaseBeforeMigration {
  /** Statements on the database: before `migrateTheRest` as the migrations before the one under test left it. */
  sql<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs the migration under test and every one after it, as a deploy would. */
  migrateTheRest(): Promise<void>;
}

/**
 * A database of the test file's own, migrated up to the central migration before `migration` (in beforeAll, dropped
 * in afterAll), so a test can write rows as they were then and see what the migration makes of them.
 */
export function useDatabaseBeforeCentralMigration(migration: CentralMigrationClass): DatabaseBeforeMigration {
  const logger = createLogger({ level: 'silent', name: 'central-migration-test' });
  let databaseUrl: string;
  let config: Config;
  let orm: Orm | undefined;

  beforeAll(async () => {
    databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
    await ensureDatabaseExists(databaseUrl);
    config = configForDatabase(databaseUrl);
    const before = centralMigrations.indexOf(migration);
    await migrateAll({ config, logger, migrations: { central: centralMigrations.slice(0, before) } });
    orm = await createOrm(config, { poolMax: 2 });
  });
  afterAll(async () => {
    await orm?.close();
    await dropDatabase(databaseUrl);
  });

  return {
    sql: <T>(text: string, params: unknown[] = []) => {
      if (orm === undefined) throw new Error('the database is made in beforeAll');
      return orm.em.getConnection().execute<T[]>(text, params);
    },
    migrateTheRest: async () => {
      await migrateAll({ config, logger });
    },
  };
}
