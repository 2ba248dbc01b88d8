import { isId, type TenantId } from '../../domain/ids';
import type { Orm } from './orm';
import { sqlOf, sqlWithin, type Sql, type SqlTransaction } from './sql';
import { tenantSchemaName } from './tenant-schema';
import { quoteIdentifier } from './sql-identifier';

/**
 * SQL for one tenant: it carries the tenant's id (for rows of the central schema: settings, counters) and qualifies
 * every tenant table with the tenant's schema, so a query can only ever read or write that tenant's rows. Raw SQL
 * does not follow a search path; a table named without `table()` would be unqualified. `Table` lists the tables a
 * store may name.
 */
export interface TenantSql<Table extends string = string> extends Sql {
  readonly tenantId: TenantId;
  /** The schema's name (`tenant_<ulid>`), as the outbox notification and lock keys name it. */
  readonly schema: string;
  table: (name: Table) => string;
}

/** The SQL of the tenant `tenantId`; anything but a well-formed tenant id throws (it becomes a schema name). */
export function tenantSql(orm: Orm, tenantId: string): TenantSql {
  return confined(sqlOf(orm), tenantId);
}

/** The tenant's SQL inside `outer` (see `sqlWithin`): what runs through it commits or rolls back with `outer`. */
export function tenantSqlWithin(orm: Orm, tenantId: string, outer: SqlTransaction): TenantSql {
  return confined(sqlWithin(orm, outer), tenantId);
}

function confined(sql: Sql, tenantId: string): TenantSql {
  if (!isId('tenant', tenantId)) throw new Error(`Not a tenant id: ${JSON.stringify(tenantId)}`);
  const schema = tenantSchemaName(tenantId);
  const quoted = quoteIdentifier(schema);
  return { ...sql, tenantId, schema, table: (name) => `${quoted}.${name}` };
}
