import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** The ids of the customers' payments (a test clock's deletion reads them before removing what hangs on them). */
export async function listCustomersPaymentIds(
  sql: TenantSql<'payments'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('payments')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
  return rows.map((row) => row.id);
}

/** Removes the payments (their refunds and provider events first, by their owners) and their provider references. */
export async function deletePayments(
  sql: TenantSql<'payments'>,
  transaction: SqlTransaction,
  paymentIds: readonly string[],
): Promise<void> {
  if (paymentIds.length === 0) return;
  await sql.query(`delete from ${sql.table('payments')} where id in (${listOf(paymentIds)})`, paymentIds, transaction);
  await sql.query(
    `delete from central.payment_references where tenant_id = ? and payment_id in (${listOf(paymentIds)})`,
    [sql.tenantId, ...paymentIds],
    transaction,
  );
}
