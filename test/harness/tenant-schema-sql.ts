import type { Orm } from '../../infra/db/orm';
import { quoteIdentifier } from '../../infra/db/sql-identifier';
import { tenantSchemaName } from '../../infra/db/tenant-schema';

/**
 * Raw SQL in one tenant's schema, for rows a test sets up or reads directly: `$schema` in the text stands for the
 * quoted schema name (`select * from $schema.invoices where id = ?`). Production code goes through the stores.
 */
export type TenantSchemaSql = <T = Record<string, unknown>>(text: string, params?: readonly unknown[]) => Promise<T[]>;

/** Whose schema, on which database. */
export interface TenantSchemaTarget {
  orm: Orm;
  tenantId: string;
}

/**
 * SQL in a tenant's schema. The target is read at each call because a test file makes its database and tenant in
 * its hooks, after the helper is made: `tenantSchemaSql(() => ({ orm, tenantId: tenant.tenantId }))`.
 */
export function tenantSchemaSql(target: () => TenantSchemaTarget): TenantSchemaSql {
  return <T = Record<string, unknown>>(text: string, params: readonly unknown[] = []) => {
    const { orm, tenantId } = target();
    const schema = quoteIdentifier(tenantSchemaName(tenantId));
    return orm.em.getConnection().execute<T[]>(text.replaceAll('$schema', schema), [...params]);
  };
}
