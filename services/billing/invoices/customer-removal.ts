import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/**
 * Removes the customers' invoices with their lines and discounts, and their owed dunning starts (a test clock's
 * deletion, in its transaction, after what points at them); the removed invoices' ids, whose dunning the caller
 * stops.
 */
export async function deleteCustomersInvoices(
  sql: TenantSql<'invoices' | 'invoice_lines' | 'invoice_discounts'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('invoices')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
  const invoiceIds = rows.map((row) => row.id);
  if (invoiceIds.length === 0) return [];
  for (const table of ['invoice_discounts', 'invoice_lines'] as const) {
    await sql.query(
      `delete from ${sql.table(table)} where invoice_id in (${listOf(invoiceIds)})`,
      invoiceIds,
      transaction,
    );
  }
  await sql.query(`delete from ${sql.table('invoices')} where id in (${listOf(invoiceIds)})`, invoiceIds, transaction);
  await sql.query(
    `delete from central.pending_dunning_starts where tenant_id = ? and invoice_id in (${listOf(invoiceIds)})`,
    [sql.tenantId, ...invoiceIds],
    transaction,
  );
  return invoiceIds;
}
