import type { CreditedInvoice, CreditSettlement } from '../../../domain/credit-notes';
import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import {
  INVOICE_COLUMNS,
  INVOICE_LINE_COLUMNS,
  toInvoiceRecord,
  type InvoiceLineRow,
  type InvoiceRow,
} from '../invoices';
import { findInvoiceDiscounts } from '../invoices';
import { invoiceView, noteInvoiceStanding, recordReopenedDunning } from '../invoices';
import { recordOutboxEvent } from '../../platform/webhooks';
import type { CreditNoteSql } from './credit-note-records';

export interface LockedInvoice extends CreditedInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  currency: CurrencyCode;
  dueDate: Date | null;
}

/**
 * Locks the invoice row for the rest of the transaction. Every credit note write starts here (and the invoice code
 * locks the same row first too), so the cap check, the amount due and the status never race.
 */
export async function lockInvoice(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<LockedInvoice | undefined> {
  const row = await sql.one<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from ${sql.table('invoices')} where id = ? for update`,
    [invoiceId],
    transaction,
  );
  if (row === undefined) return undefined;
  return {
    id: row.id,
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
    currency: toCurrencyCode(row.currency),
    dueDate: row.due_date === null ? null : new Date(row.due_date),
    status: row.status,
    totalMinor: BigInt(row.total_minor),
    amountCreditedMinor: BigInt(row.amount_credited_minor),
    amountPaidMinor: BigInt(row.amount_paid_minor),
    amountDueMinor: BigInt(row.amount_due_minor),
  };
}

/** The invoice's DRAFT and FINALIZED credit notes, in minor units, leaving out `exceptId` (the one being changed). */
export async function creditedSoFar(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  invoiceId: string,
  exceptId: string | null,
): Promise<bigint> {
  const row = await sql.one<{ total: string }>(
    `select coalesce(sum(amount_minor), 0)::text as total from ${sql.table('credit_notes')}
      where invoice_id = ? and status in ('DRAFT', 'FINALIZED') and id is distinct from ?`,
    [invoiceId, exceptId],
    transaction,
  );
  return BigInt(row?.total ?? '0');
}

/**
 * Writes a settlement's amounts and status to the locked invoice. An invoice the credit settles becomes PAID (with
 * `paidAt`) and records `invoice.paid`; one reopened by a void loses `paidAt` again. Either may move its
 * subscription's standing (`noteInvoiceStanding`).
 */
export async function applySettlement(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  invoice: LockedInvoice,
  change: { settlement: CreditSettlement; now: Date },
): Promise<void> {
  const { settlement, now } = change;
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
  // Due again: its dunning (CONTRACT §12) runs again.
  if (reopens) await recordReopenedDunning(sql, transaction, invoice.id);
  await noteInvoiceStanding(sql, transaction, {
    subscriptionId: invoice.subscriptionId,
    before: { status: invoice.status, dueDate: invoice.dueDate },
    after: { status: settlement.status, dueDate: invoice.dueDate },
    now,
  });
}

async function recordInvoicePaid(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  invoiceId: string,
  now: Date,
): Promise<void> {
  const row = await sql.oneOrFail<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from ${sql.table('invoices')} where id = ?`,
    [invoiceId],
    transaction,
  );
  const lines = await sql.query<InvoiceLineRow>(
    `select ${INVOICE_LINE_COLUMNS} from ${sql.table('invoice_lines')} where invoice_id = ? order by position`,
    [invoiceId],
    transaction,
  );
  const discounts = await findInvoiceDiscounts(sql, [invoiceId], transaction);
  const data = invoiceView(toInvoiceRecord(row, lines, discounts.get(invoiceId) ?? []));
  await recordOutboxEvent(sql, transaction, { type: 'invoice.paid', data, occurredAt: now });
}
