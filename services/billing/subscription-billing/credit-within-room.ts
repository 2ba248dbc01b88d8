import { creditedOn } from '../credit-notes';
import { findInvoice } from '../invoices';

/** The tables the room is read from: the period's invoices and their credit notes. */
export type CreditRoomSql = Parameters<typeof creditedOn>[0] & Parameters<typeof findInvoice>[0];

/**
 * What credit could still be taken back from `invoiceIds` together: each one's total less its DRAFT and FINALIZED
 * credit notes, nothing of a VOIDED one.
 */
async function creditableRoom(sql: CreditRoomSql, invoiceIds: readonly string[]): Promise<bigint> {
  let room = 0n;
  for (const invoiceId of invoiceIds) {
    const invoice = await findInvoice(sql, invoiceId);
    if (invoice === undefined || invoice.status === 'VOIDED') continue;
    const left = invoice.totalMinor - (await creditedOn(sql, invoiceId));
    if (left > 0n) room += left;
  }
  return room;
}

/**
 * What a change's proration counts as already credited: the workflow's count, raised so that what is left to credit
 * (invoiced − credited) is no more than the period's invoices can still give back. An invoice voided, or credited by
 * a credit note, through the API since the workflow counted gives back nothing more.
 */
export async function creditedWithin(
  sql: CreditRoomSql,
  input: { invoicedMinor: string; creditedMinor: string; creditableInvoiceIds?: string[] },
): Promise<bigint> {
  const invoiced = BigInt(input.invoicedMinor);
  const credited = BigInt(input.creditedMinor);
  if (input.creditableInvoiceIds === undefined) return credited;
  const room = await creditableRoom(sql, input.creditableInvoiceIds);
  return invoiced - credited > room ? invoiced - room : credited;
}
