import { creditableRoom } from '../credit-notes';

/** The tables the room is read from: the period's invoices and their credit notes. */
export type CreditRoomSql = Parameters<typeof creditableRoom>[0];

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
