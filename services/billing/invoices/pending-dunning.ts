import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

/**
 * Notes, in the finalize's own transaction, that an invoice which became OPEN with a due date needs its dunning
 * workflow (CONTRACT §12), and whether its customer is on a test clock (the starter tells the ladder). The row exists if and only if the finalize committed; services/payments/collections starts the
 * workflow from it and then clears it, so a crash in between only delays the start.
 */
export async function recordPendingDunning(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoice: InvoiceRecord,
): Promise<void> {
  if (invoice.status !== 'OPEN' || invoice.dueDate === null) return;
  await sql.query(
    `insert into central.pending_dunning_starts (tenant_id, invoice_id, on_test_clock)
     select ?, ?, exists (select 1 from ${sql.table('customers')} where id = ? and test_clock_id is not null)
     on conflict do nothing`,
    [sql.tenantId, invoice.id, invoice.customerId],
    transaction,
  );
}

/**
 * The same for an invoice OPEN again (a voided credit note took back what settled it): its dunning, which ended when
 * the invoice was settled, runs again from its due date.
 */
export async function recordReopenedDunning(
  sql: TenantSql<'invoices' | 'customers'>,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<void> {
  await sql.query(
    `insert into central.pending_dunning_starts (tenant_id, invoice_id, on_test_clock)
     select ?, invoice.id, customer.test_clock_id is not null
       from ${sql.table('invoices')} invoice join ${sql.table('customers')} customer on customer.id = invoice.customer_id
      where invoice.id = ? and invoice.status = 'OPEN' and invoice.due_date is not null
     on conflict do nothing`,
    [sql.tenantId, invoiceId],
    transaction,
  );
}
