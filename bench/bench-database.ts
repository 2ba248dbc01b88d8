import { randomBytes } from 'node:crypto';
import type { Config } from '../infra/config';
import { databaseNameFromUrl, ensureDatabaseExists, withMaintenanceConnection } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { quoteIdentifier } from '../infra/db/sql-identifier';
import type { Logger } from '../infra/logger';
import { onInterrupt } from './support/interrupt-cleanup';

const BENCH_DATABASE_PREFIX = 'billing_bench_';

export interface BenchDatabase {
  /** The configuration with DATABASE_URL pointing at the bench's own database. */
  config: Config;
  /** Drops the database (closing whatever connections are left). */
  drop: () => Promise<void>;
}

/**
 * A database of the bench's own, `billing_bench_<pid>_<random>` on the configured server, migrated: a bench never
 * writes into the database DATABASE_URL names (a running `npm run dev` works there, and its outbox relay would take
 * the bench's events).
 */
export async function createBenchDatabase(config: Config, logger: Logger): Promise<BenchDatabase> {
  const url = new URL(config.databaseUrl);
  url.pathname = `/${BENCH_DATABASE_PREFIX}${process.pid}_${randomBytes(3).toString('hex')}`;
  const own: Config = { ...config, databaseUrl: url.toString() };
  // Dropped on an interrupt too: a bench stopped by Ctrl-C leaves no database behind.
  const forget = onInterrupt(() => dropBenchDatabase(own.databaseUrl));
  const drop = async () => {
    forget();
    await dropBenchDatabase(own.databaseUrl);
  };
  await ensureDatabaseExists(own.databaseUrl);
  try {
    await migrateAll({ config: own, logger });
  } catch (error) {
    await drop();
    throw error;
  }
  return { config: own, drop };
}

async function dropBenchDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameFromUrl(databaseUrl);
  // Only ever a database this helper named: never the configured one.
  if (!name.startsWith(BENCH_DATABASE_PREFIX)) throw new Error(`Refusing to drop ${name}: not a bench database`);
  await withMaintenanceConnection(databaseUrl, async (execute) => {
    await execute(`drop database if exists ${quoteIdentifier(name)} with (force)`);
  });
}
