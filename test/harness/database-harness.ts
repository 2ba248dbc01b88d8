import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../infra/config';
import { databaseNameFromUrl, ensureDatabaseExists, withMaintenanceConnection } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { quoteIdentifier } from '../../infra/db/sql-identifier';
import { createLogger } from '../../infra/logger';
import { configForDatabase } from './database';

const TEST_DATABASE_PREFIX = 'billing_test_';

/** The jest workers' databases, one per worker (`test/harness/worker-database.ts` picks a file's). */
const WORKER_DATABASES = 'TEST_WORKER_DATABASE_URLS';

/**
 * Creates and migrates the databases of this jest run, one per jest worker, and points DATABASE_URL at the first;
 * jest workers inherit the variables, and each test file then takes its worker's database (worker-database.ts), so
 * test files reach it through loadConfig(). Never touches the development database.
 *
 * Why one per worker: PostgreSQL's DDL slows as a database fills with schemas (provisioning a tenant took 229 ms with
 * 100 tenant schemas in the database and 824 ms with 700), and a full run makes over a thousand tenants. Files never
 * share rows across databases: each makes its own tenants.
 */
export async function createTestDatabases(workers: number): Promise<void> {
  const databaseUrls = await Promise.all(Array.from({ length: Math.max(1, workers) }, () => createMigratedDatabase()));
  process.env[WORKER_DATABASES] = databaseUrls.join(' ');
  process.env.DATABASE_URL = databaseUrls[0];
}

/** The database of jest worker `workerId` (1, 2, ...), or undefined outside a run with worker databases. */
export function workerDatabaseUrl(workerId: number): string | undefined {
  const databaseUrls = workerDatabaseUrls();
  return databaseUrls.length === 0 ? undefined : databaseUrls[(workerId - 1) % databaseUrls.length];
}

/** Drops the databases createTestDatabases made (only ever `billing_test_` databases). */
export async function dropTestDatabases(): Promise<void> {
  // Nothing to drop when the setup failed before naming its databases.
  const databaseUrls = workerDatabaseUrls().filter(isTestDatabase);
  await Promise.allSettled(databaseUrls.map((databaseUrl) => dropDatabase(databaseUrl)));
}

function workerDatabaseUrls(): string[] {
  return (process.env[WORKER_DATABASES] ?? '').split(' ').filter(Boolean);
}

/**
 * A fresh, migrated `billing_test_<pid>_<random>` database on the configured server; returns its URL. For the
 * run's database and for tests that need a database nobody else writes to (e.g. migrating every tenant).
 */
export async function createMigratedDatabase(): Promise<string> {
  const databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
  await ensureDatabaseExists(databaseUrl);
  try {
    const config = configForDatabase(databaseUrl);
    await migrateAll({ config, logger: createLogger({ level: 'silent', name: 'test-database' }) });
  } catch (error) {
    await dropDatabase(databaseUrl);
    throw error;
  }
  return databaseUrl;
}

/** A URL to the same server as `baseUrl`, naming a database that does not exist yet. */
export function uniqueDatabaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  return url.toString();
}

/** Drops a test database, closing whatever connections a crashed test left open. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameFromUrl(databaseUrl);
  if (!isTestDatabase(databaseUrl)) throw new Error(`Refusing to drop ${name}: not a test database`);
  await withMaintenanceConnection(databaseUrl, async (execute) => {
    await execute(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  });
}

function isTestDatabase(databaseUrl: string): boolean {
  return databaseNameFromUrl(databaseUrl).startsWith(TEST_DATABASE_PREFIX);
}
