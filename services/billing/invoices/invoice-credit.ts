import type { CreditSettlement } from '../../../domain/credit-notes';
import type { InvoiceStatus } from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { recordCustomerEvent } from '../../catalog/customers';
import type { InvoiceSql } from './invoice-records';
import { noteInvoiceStanding } from './invoice-standing';
import { findInvoice } from './invoice-store';
import { invoiceView } from './invoice-view';
import { recordReopenedDunning } from './pending-dunning';

/**
 * Writes a credit note's settlement to the invoice the caller's transaction holds locked: its amounts credited and
 * due and its status. An invoice the credit settles becomes PAID (with `paidAt`) and records `invoice.paid`; one
 * reopened by a void loses `paidAt` again and its dunning (CONTRACT §12) runs again. Either may move its
 * subscription's standing (`noteInvoiceStanding`).
 */
export async function applyCreditSettlement(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  change: {
    invoice: { id: string; status: InvoiceStatus; subscriptionId: string | null; dueDate: Date | null };
    settlement: CreditSettlement;
    now: Date;
  },
): Promise<void> {
  const { invoice, settlement, now } = change;
  const becomesPaid = invoice.status !== 'PAID' && settlement.status === 'PAID';
  const reopens = invoice.status === 'PAID' && settlement.status === 'OPEN';
  await sql.query(
    `update ${sql.table('invoices')}
        set amount_credited_minor = ?::bigint, amount_due_minor = ?::bigint, status = ?,
            paid_at = case when ? then ?::timestamptz when ? then null else paid_at end, updated_at = ?
      where id = ?`,
    [
      settlement.amountCreditedMinor.toString(),
      settlement.amountDueMinor.toString(),
      settlement.status,
      becomesPaid,
      now,
      reopens,
      now,
      invoice.id,
    ],
    transaction,
  );
  if (becomesPaid) await recordInvoicePaid(sql, transaction, invoice.id, now);
  if (reopens) await recordReopenedDunning(sql, transaction, invoice.id);
  await noteInvoiceStanding(sql, transaction, {
    subscriptionId: invoice.subscriptionId,
    before: { status: invoice.status, dueDate: invoice.dueDate },
    after: { status: settlement.status, dueDate: invoice.dueDate },
    now,
  });
}

async function recordInvoicePaid(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoiceId: string,
  now: Date,
): Promise<void> {
  const invoice = await findInvoice(sql, invoiceId, { transaction });
  if (invoice === undefined) throw new Error(`invoice ${invoiceId} vanished under its lock`);
  await recordCustomerEvent(sql, transaction, {
    type: 'invoice.paid',
    customerId: invoice.customerId,
    data: invoiceView(invoice),
    occurredAt: now,
  });
}
