import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes the coupons applied to the customers (a test clock's deletion, after the subscriptions and invoices). */
export async function deleteCustomersAppliedCoupons(
  sql: TenantSql<'applied_coupons'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  await sql.query(
    `delete from ${sql.table('applied_coupons')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
}
