import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { findCustomerTestClock } from '../../catalog/customers';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

/**
 * Notes, in the finalize's own transaction, that an invoice which became OPEN with a due date needs its dunning
 * workflow (CONTRACT §12), and whether its customer is on a test clock (the starter tells the ladder). The row
 * exists if and only if the finalize committed; services/payments/collections starts the workflow from it and then
 * clears it, so a crash in between only delays the start.
 */
export async function recordPendingDunning(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoice: InvoiceRecord,
): Promise<void> {
  if (invoice.status !== 'OPEN' || invoice.dueDate === null) return;
  await insertPendingDunning(sql, transaction, invoice);
}

/**
 * The same for an invoice OPEN again (a voided credit note took back what settled it): its dunning, which ended when
 * the invoice was settled, runs again from its due date.
 */
export async function recordReopenedDunning(
  sql: TenantSql<'invoices' | 'customers' | 'test_clocks'>,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<void> {
  const invoice = await sql.one<{ id: string; customer_id: string }>(
    `select id, customer_id from ${sql.table('invoices')} where id = ? and status = 'OPEN' and due_date is not null`,
    [invoiceId],
    transaction,
  );
  if (invoice !== undefined)
    await insertPendingDunning(sql, transaction, { id: invoice.id, customerId: invoice.customer_id });
}

async function insertPendingDunning(
  sql: TenantSql<'customers' | 'test_clocks'>,
  transaction: SqlTransaction,
  invoice: { id: string; customerId: string },
): Promise<void> {
  const clock = await findCustomerTestClock(sql, invoice.customerId, transaction);
  await sql.query(
    `insert into central.pending_dunning_starts (tenant_id, invoice_id, on_test_clock) values (?, ?, ?)
     on conflict do nothing`,
    [sql.tenantId, invoice.id, clock !== undefined],
    transaction,
  );
}
