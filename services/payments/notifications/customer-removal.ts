import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes the provider notifications stored for the payments (a test clock's deletion, in its transaction). */
export async function deletePaymentsEvents(
  sql: TenantSql<'payment_events'>,
  transaction: SqlTransaction,
  paymentIds: readonly string[],
): Promise<void> {
  if (paymentIds.length === 0) return;
  await sql.query(
    `delete from ${sql.table('payment_events')} where payment_id in (${listOf(paymentIds)})`,
    paymentIds,
    transaction,
  );
}
