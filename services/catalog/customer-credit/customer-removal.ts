import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes the customers' credit ledger (a test clock's deletion, in its transaction, before what it points at). */
export async function deleteCustomersCredit(
  sql: TenantSql<'customer_credit_entries'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  await sql.query(
    `delete from ${sql.table('customer_credit_entries')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
}
