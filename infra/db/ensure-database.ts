import { MikroORM } from '@mikro-orm/postgresql';
import { quoteIdentifier } from './sql-identifier';

// A concurrent CREATE DATABASE of the same name fails with one of these.
const ALREADY_CREATED = new Set(['42P04', '23505']);

/**
 * Creates the database named in `databaseUrl` when it is missing, connecting to the `postgres` maintenance
 * database of the same server; an existing database is left alone. Returns whether it was created.
 */
export async function ensureDatabaseExists(databaseUrl: string): Promise<boolean> {
  const name = databaseNameFromUrl(databaseUrl);
  return withMaintenanceConnection(databaseUrl, async (execute) => {
    const rows = await execute('select 1 from pg_database where datname = ?', [name]);
    if (rows.length > 0) return false;
    try {
      await execute(`create database ${quoteIdentifier(name)}`);
      return true;
    } catch (error) {
      // Another process created it between our check and our create: the outcome we wanted.
      if (ALREADY_CREATED.has(sqlState(error) ?? '')) return false;
      throw error;
    }
  });
}

/** The database name of a postgres:// URL, validated as a plain SQL identifier. */
export function databaseNameFromUrl(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  quoteIdentifier(name);
  return name;
}

export type ExecuteSql = (sql: string, params?: readonly unknown[]) => Promise<unknown[]>;

/**
 * Runs `work` with one connection to the server's `postgres` database (same host, port and credentials as
 * `databaseUrl`), for statements that cannot run inside the target database: CREATE and DROP DATABASE.
 */
export async function withMaintenanceConnection<T>(
  databaseUrl: string,
  work: (execute: ExecuteSql) => Promise<T>,
): Promise<T> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const orm = await MikroORM.init({
    clientUrl: url.toString(),
    entities: [],
    discovery: { warnWhenNoEntities: false },
    ensureDatabase: false,
    allowGlobalContext: false,
    pool: { min: 0, max: 1 },
    driverOptions: { connectionTimeoutMillis: 10_000 },
    debug: false,
  });
  try {
    const connection = orm.em.getConnection();
    return await work((sql, params = []) => connection.execute<unknown[]>(sql, [...params]));
  } finally {
    await orm.close();
  }
}

function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
