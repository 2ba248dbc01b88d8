import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlTransaction } from './migrator';
import { quoteIdentifier } from './sql-identifier';

/**
 * Raw SQL on a caller's tenant fork (`tenantEntityManager`): every table is qualified with the fork's schema, so a
 * query can only ever read or write the calling tenant's rows. `Table` lists the tables a store may name.
 */
export interface TenantSql<Table extends string> {
  schema: string;
  table: (name: Table) => string;
  query: <T>(sql: string, params?: readonly unknown[], transaction?: SqlTransaction) => Promise<T[]>;
  transactional: <T>(work: (transaction: SqlTransaction) => Promise<T>) => Promise<T>;
}

export function tenantSqlOf<Table extends string>(em: EntityManager): TenantSql<Table> {
  const schema = em.schema;
  if (schema === undefined || schema === '*') throw new Error('tenant queries need a tenant EntityManager fork');
  const quoted = quoteIdentifier(schema);
  const connection = em.getConnection();
  return {
    schema,
    table: (name) => `${quoted}.${name}`,
    query: <T>(sql: string, params: readonly unknown[] = [], transaction?: SqlTransaction) =>
      connection.execute<T[]>(sql, [...params], 'all', transaction),
    transactional: (work) => connection.transactional(work),
  };
}
