import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../infra/config';
import { databaseNameFromUrl, ensureDatabaseExists, withMaintenanceConnection } from '../../infra/db/ensure-database';
import { migrateAll } from '../../infra/db/migrate-all';
import { quoteIdentifier } from '../../infra/db/sql-identifier';
import { createLogger } from '../../infra/logger';
import { configForDatabase } from './database';

const TEST_DATABASE_PREFIX = 'billing_test_';

/**
 * Creates and migrates a database of its own for this jest run and points DATABASE_URL at it; jest workers inherit
 * the variable, so test files reach it through loadConfig(). Never touches the development database.
 */
export async function createTestDatabase(): Promise<void> {
  const databaseUrl = await createMigratedDatabase();
  process.env.DATABASE_URL = databaseUrl;
}

/** Drops the database createTestDatabase made (only ever a `billing_test_` database). */
export async function dropTestDatabase(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  // Nothing to drop when the setup failed before pointing DATABASE_URL at its database.
  if (databaseUrl === undefined || !isTestDatabase(databaseUrl)) return;
  await dropDatabase(databaseUrl);
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
