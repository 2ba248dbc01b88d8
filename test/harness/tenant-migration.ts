import type { Migration } from '@mikro-orm/migrations';
import type { Orm } from '../../infra/db/orm';
import type { TenantSql } from '../../infra/db/tenant-sql';

/** A tenant migration's class, as migrations/tenant/ declares them. */
export type TenantMigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/**
 * Runs one tenant migration's `up` or `down` on one tenant's schema, in one transaction, as the migrator would: its
 * statements with the schema first on the search path.
 */
export async function runTenantMigration(
  orm: Orm,
  sql: TenantSql,
  MigrationClass: TenantMigrationClass,
  direction: 'up' | 'down',
): Promise<void> {
  const migration = new MigrationClass(orm.em.getDriver(), orm.config);
  await migration[direction]();
  const statements = migration.getQueries() as string[];
  await sql.transactional(async (transaction) => {
    await sql.query(`set local search_path to ${sql.schema}`, [], transaction);
    for (const statement of statements) await sql.query(statement, [], transaction);
  });
}
