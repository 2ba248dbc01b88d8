import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes every usage event of the customers (a test clock's deletion, in its transaction). */
export async function deleteCustomersEvents(
  sql: TenantSql<'events'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  await sql.query(
    `delete from ${sql.table('events')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
}
