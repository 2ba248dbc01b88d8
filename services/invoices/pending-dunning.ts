import type { SqlTransaction } from '../../infra/db/sql';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

/**
 * Notes, in the finalize's own transaction, that an invoice which became OPEN with a due date needs its dunning
 * workflow (CONTRACT §12). The row exists if and only if the finalize committed; services/collections starts the
 * workflow from it and then clears it, so a crash in between only delays the start.
 */
export async function recordPendingDunning(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoice: InvoiceRecord,
): Promise<void> {
  if (invoice.status !== 'OPEN' || invoice.dueDate === null) return;
  await sql.query(
    'insert into central.pending_dunning_starts (tenant_id, invoice_id) values (?, ?) on conflict do nothing',
    [sql.tenantId, invoice.id],
    transaction,
  );
}
