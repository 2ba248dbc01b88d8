import type { MigrationsOptions } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationList } from '../../migrations/migration-list';
import { createMigratedSchema } from './fresh-schema';
import type { Orm } from './orm';
import type { SqlTransaction } from './sql';
import { quoteIdentifier } from './sql-identifier';

/**
 * How the two migration sets (central, tenant) are run. Why it looks like this:
 *
 * - A MikroORM Migrator reads its options (`migrationsList` among them) from its ORM's configuration, so each set
 *   belongs to an ORM configured with it: the app ORM carries the tenant set (the API provisions a schema at
 *   registration), and `migrateAll` opens a short-lived ORM configured with the central set.
 * - A Migrator keeps the run's schema and master transaction in instance fields, and `orm.migrator` is one shared
 *   instance: two concurrent provisions on it would run in each other's schema. Every run here gets a fresh
 *   `new Migrator(em)` instead (no I/O in its constructor), so runs share nothing.
 * - `includeWildcardSchema: true` stops the Migrator from creating a tracking table in the default schema when it
 *   initialises; the table is created in the run's schema, inside the run's transaction.
 * - No snapshot: migrations are hand-written, and a snapshot would introspect the database and write a file
 *   after every run.
 */
export function migrationsOptions(migrations: MigrationList): MigrationsOptions {
  return {
    migrationsList: [...migrations],
    tableName: MIGRATIONS_TABLE,
    transactional: true,
    allOrNothing: true,
    includeWildcardSchema: true,
    snapshot: false,
    snapshotOnMigrate: false,
    silent: true,
  };
}

/** The tracking table; one per schema (central and every tenant). */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * Creates `schema` if missing and applies the ORM's pending migrations to it, all in one transaction: the schema,
 * the tracking table and every migration commit together or not at all. Runs for the same schema are serialised
 * by a transaction-scoped advisory lock, so a second run waits, then finds nothing pending. With `transaction`,
 * the work joins the caller's transaction (as a savepoint) and commits with it. Returns the names applied.
 */
export async function migrateSchema(options: {
  orm: Orm;
  schema: string;
  transaction?: SqlTransaction;
}): Promise<string[]> {
  const { orm, schema } = options;
  const quotedSchema = quoteIdentifier(schema);
  // The Migrator checks once per ORM that the database exists, with a query outside any transaction. Doing it
  // before our transaction holds a pooled connection keeps concurrent runs on a small pool from deadlocking.
  await orm.schema.ensureDatabase();
  const connection = orm.em.getConnection();
  return connection.transactional(
    async (transaction) => {
      await lockSchema({ orm, schema, transaction });
      if (!(await schemaExists(orm, schema, transaction))) {
        const applied = await createMigratedSchema({ orm, schema, transaction });
        if (applied !== undefined) return applied;
      }
      await connection.execute(`create schema if not exists ${quotedSchema}`, [], 'run', transaction);
      const migrator = new Migrator(orm.em.fork());
      const applied = await migrator.up({ schema, transaction });
      return applied.map((migration) => migration.name);
    },
    // MikroORM types one kysely transaction as ControlledTransaction<any, any> in the callback, <any, []> as `ctx`.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- the same object, see above
    options.transaction === undefined ? {} : { ctx: options.transaction },
  );
}

/** Serialises every DDL run on one schema: migrations, provisioning and dropping. */
export async function lockSchema(options: { orm: Orm; schema: string; transaction: SqlTransaction }): Promise<void> {
  const { orm, schema, transaction } = options;
  await orm.em
    .getConnection()
    .execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [lockKey(schema)], 'all', transaction);
}

/** Whether `schema` exists, as seen by `transaction`. */
export async function schemaExists(orm: Orm, schema: string, transaction: SqlTransaction): Promise<boolean> {
  const rows = await orm.em
    .getConnection()
    .execute<unknown[]>('select 1 from pg_namespace where nspname = ?', [schema], 'all', transaction);
  return rows.length > 0;
}

function lockKey(schema: string): string {
  return `billing:schema-ddl:${schema}`;
}
