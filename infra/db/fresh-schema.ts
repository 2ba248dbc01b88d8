import type { Migration } from '@mikro-orm/migrations';
import type { Orm } from './orm';
import type { SqlTransaction } from './sql';
import { quoteIdentifier } from './sql-identifier';

/**
 * Creates a schema that does not exist yet with every migration applied, in one round trip for the migrations' SQL.
 *
 * Why: the Migrator runs each migration in a savepoint of its own, sets and resets the search path around it and
 * sends each statement on its own: for the tenant set, some 200 round trips and about 110 ms of the calling process's
 * CPU, against one round trip and a few ms here (PostgreSQL's own DDL work, 200-300 ms, is the same both ways). Every
 * registration (and every test tenant) pays it. A new schema holds no data, so nothing a migration does can depend on
 * the one before having committed apart: the concatenated SQL in the caller's transaction has the same effect, and
 * the tracking table is written as the Migrator writes it, so the schema's later migrations run through the Migrator
 * as usual (`fresh-schema.int.test.ts` compares the two schemas, catalog and tracking rows).
 *
 * Returns the names applied, oldest first, or undefined when a migration's SQL is not plain text (a query builder):
 * the caller then runs the Migrator instead.
 */
export async function createMigratedSchema(options: {
  orm: Orm;
  schema: string;
  transaction: SqlTransaction;
}): Promise<string[] | undefined> {
  const { orm, schema, transaction } = options;
  const migrations = await migrationStatements(orm);
  if (migrations === undefined) return undefined;
  const quoted = quoteIdentifier(schema);
  const statements = [
    `create schema ${quoted}`,
    // The Migrator's own session setting and reset, so the caller's transaction continues as it would after it.
    `set search_path to ${quoted}`,
    ...migrations.flatMap((migration) => migration.statements),
    'reset search_path',
    trackingTableSql(schema, orm),
  ];
  const connection = orm.em.getConnection();
  await connection.execute(statements.join(';\n'), [], 'run', transaction);
  const names = migrations.map((migration) => migration.name);
  if (names.length > 0) {
    await connection.execute(
      `insert into ${quoted}.${quoteIdentifier(trackingTable(orm))} (name) select unnest(?::text[])`,
      [`{${names.map((name) => JSON.stringify(name)).join(',')}}`],
      'run',
      transaction,
    );
  }
  return names;
}

interface MigrationStatements {
  name: string;
  statements: string[];
}

async function migrationStatements(orm: Orm): Promise<MigrationStatements[] | undefined> {
  const list = orm.config.get('migrations').migrationsList ?? [];
  const result: MigrationStatements[] = [];
  for (const entry of list) {
    const [MigrationType, givenName] = typeof entry === 'function' ? [entry, undefined] : [entry.class, entry.name];
    // The list holds the classes of migrations/ (MikroORM types them loosely), whose `up` only adds SQL.
    const migration = new MigrationType(orm.em.getDriver(), orm.config) as unknown as Migration;
    await migration.up();
    const queries: unknown[] = migration.getQueries();
    if (!queries.every((query): query is string => typeof query === 'string')) return undefined;
    const name = (givenName ?? migration.name ?? MigrationType.name).replace(/\.[jt]s$/, '');
    result.push({ name, statements: queries.filter((query) => query.trim().length > 0) });
  }
  return result;
}

function trackingTable(orm: Orm): string {
  const { tableName } = orm.config.get('migrations');
  if (tableName === undefined)
    throw new Error('the ORM has no migrations table configured (migrationsOptions sets it)');
  return tableName;
}

/** The table MikroORM's MigrationStorage creates on PostgreSQL, in the schema. */
function trackingTableSql(schema: string, orm: Orm): string {
  const table = `${quoteIdentifier(schema)}.${quoteIdentifier(trackingTable(orm))}`;
  return `create table ${table} ("id" serial primary key, "name" varchar(255) not null, "executed_at" timestamptz(6) not null default current_timestamp(6))`;
}
