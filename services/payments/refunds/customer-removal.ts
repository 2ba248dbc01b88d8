import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes the refunds of the payments (a test clock's deletion, in its transaction). */
export async function deletePaymentsRefunds(
  sql: TenantSql<'refunds'>,
  transaction: SqlTransaction,
  paymentIds: readonly string[],
): Promise<void> {
  if (paymentIds.length === 0) return;
  await sql.query(
    `delete from ${sql.table('refunds')} where payment_id in (${listOf(paymentIds)})`,
    paymentIds,
    transaction,
  );
}
