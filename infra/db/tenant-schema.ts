import { isId } from '../../domain/ids';
import type { Orm } from './orm';
import { lockSchema, migrateSchema, schemaExists } from './migrator';
import type { SqlTransaction } from './sql';
import { quoteIdentifier } from './sql-identifier';

const SCHEMA_PREFIX = 'tenant_';

/**
 * The one place a tenant's schema name is made: `ten_01JD...` -> `tenant_01jd...`. The id must be exactly
 * `ten_` + a 26-character ULID (Crockford base 32, upper case); anything else throws, so no caller input can
 * reach the SQL identifier.
 */
export function tenantSchemaName(tenantId: string): string {
  if (!isId('tenant', tenantId)) throw new Error(`Not a tenant id: ${JSON.stringify(tenantId)}`);
  return `${SCHEMA_PREFIX}${tenantId.slice('ten_'.length).toLowerCase()}`;
}

export interface ProvisionResult {
  schema: string;
  /** Migrations applied by this call, oldest first; empty when the schema was already current. */
  applied: string[];
}

/**
 * Creates and migrates one tenant's schema in a single transaction: if any step fails, nothing remains. Safe to
 * re-run (a current schema is a no-op) and to call concurrently for the same tenant (an advisory lock serialises
 * the calls). With `transaction` (e.g. the one inserting the tenant row) it commits or rolls back with it. The
 * migrations are those the ORM was created with (`createOrm(config, { migrations })`, the tenant set by default).
 */
export async function provisionTenantSchema(options: {
  orm: Orm;
  tenantId: string;
  transaction?: SqlTransaction;
}): Promise<ProvisionResult> {
  const schema = tenantSchemaName(options.tenantId);
  const applied = await migrateSchema({
    orm: options.orm,
    schema,
    ...(options.transaction === undefined ? {} : { transaction: options.transaction }),
  });
  return { schema, applied };
}

/**
 * Drops a tenant's schema and everything in it: the rollback of a registration that failed after provisioning.
 * Irreversible, so it is not for routine use. Returns whether a schema was there.
 */
export async function dropTenantSchema(options: { orm: Orm; tenantId: string }): Promise<boolean> {
  const { orm } = options;
  const schema = tenantSchemaName(options.tenantId);
  const connection = orm.em.getConnection();
  return connection.transactional(async (transaction) => {
    await lockSchema({ orm, schema, transaction });
    const existed = await schemaExists(orm, schema, transaction);
    await connection.execute(`drop schema if exists ${quoteIdentifier(schema)} cascade`, [], 'run', transaction);
    return existed;
  });
}

/** Tenant ids from `central.tenants`, oldest first: the tenants whose schemas migrations must reach. */
export async function listTenantIds(orm: Orm): Promise<string[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ id: string }[]>('select id from central.tenants order by created_at, id');
  return rows.map((row) => row.id);
}

/** Tenant schemas present in the database, by name; may include orphans whose tenant row is gone. */
export async function listTenantSchemas(orm: Orm): Promise<string[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ name: string }[]>(
      "select nspname as name from pg_namespace where nspname ~ '^tenant_[0-9a-hjkmnp-tv-z]{26}$' order by nspname",
    );
  return rows.map((row) => row.name);
}
