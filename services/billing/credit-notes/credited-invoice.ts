import type { CreditedInvoice } from '../../../domain/credit-notes';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { lockInvoice as lockInvoiceRow } from '../invoices';
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
  const invoice = await lockInvoiceRow(sql, transaction, invoiceId);
  if (invoice === undefined) return undefined;
  return {
    id: invoice.id,
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId,
    currency: invoice.currency,
    dueDate: invoice.dueDate,
    status: invoice.status,
    totalMinor: invoice.totalMinor,
    amountCreditedMinor: invoice.amountCreditedMinor,
    prepaidCreditAmountMinor: invoice.prepaidCreditAmountMinor,
    amountPaidMinor: invoice.amountPaidMinor,
    amountDueMinor: invoice.amountDueMinor,
  };
}

/** The sum of the invoice's credit notes in `statuses`, in minor units, leaving out `exceptId` (the one being changed). */
async function sumNotes(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  filter: { invoiceId: string; statuses: readonly string[]; exceptId: string | null },
): Promise<bigint> {
  const row = await sql.one<{ total: string }>(
    `select coalesce(sum(amount_minor), 0)::text as total from ${sql.table('credit_notes')}
      where invoice_id = ? and status in (${filter.statuses.map(() => '?').join(', ')}) and id is distinct from ?`,
    [filter.invoiceId, ...filter.statuses, filter.exceptId],
    transaction,
  );
  return BigInt(row?.total ?? '0');
}

/** The invoice's DRAFT and FINALIZED credit notes: what counts against its total. */
export const creditedSoFar = (
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  invoiceId: string,
  exceptId: string | null,
): Promise<bigint> => sumNotes(sql, transaction, { invoiceId, statuses: ['DRAFT', 'FINALIZED'], exceptId });

/** The invoice's DRAFT credit notes only: what will still take back bought credits when finalized. */
export const draftedSoFar = (
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  invoiceId: string,
  exceptId: string | null,
): Promise<bigint> => sumNotes(sql, transaction, { invoiceId, statuses: ['DRAFT'], exceptId });
