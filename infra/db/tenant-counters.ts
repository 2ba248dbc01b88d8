import type { SqlTransaction } from './sql';
import type { TenantSql } from './tenant-sql';

/**
 * Takes the next value (1, 2, ...) of one of the tenant's gapless counters in `central.counters` (invoice and credit
 * note numbers, one counter a year). The upsert holds the counter row until `transaction` ends, so concurrent
 * transactions take consecutive values one after the other, and a rollback gives its value back: no gaps. It names
 * no tenant table, so any tenant's SQL will do (`TenantSql<never>`).
 */
export async function takeCounterValue(
  sql: TenantSql<never>,
  transaction: SqlTransaction,
  name: string,
): Promise<bigint> {
  const row = await sql.oneOrFail<{ value: string }>(
    `insert into central.counters (tenant_id, name, value) values (?, ?, 1)
     on conflict (tenant_id, name) do update set value = central.counters.value + 1
     returning value::text as value`,
    [sql.tenantId, name],
    transaction,
  );
  return BigInt(row.value);
}
