import type { Clock } from '../../../domain/clock';
import { customerRequestClock, type CustomerClockSql } from '../../catalog/customers';
import { findInvoice } from '../invoices';
import { findCreditNote, type CreditNoteSql } from './credit-note-records';

export type CreditNoteTimeSql = CreditNoteSql & CustomerClockSql;

/**
 * A credit note request happens at its customer's business time: the test clock's time for a customer on one, `base`
 * (the wall clock) otherwise, and `base` for an id that names nothing (the request then answers its 404). Refused
 * (409 `test_clock_advancing`) while that clock advances.
 */
export async function customerTimeOf(
  sql: CreditNoteTimeSql,
  customerId: string | undefined,
  base: Clock,
): Promise<Date> {
  return customerId === undefined ? base.now() : (await customerRequestClock(sql, customerId, base)).now();
}

/** The business time of the invoice's customer. */
export async function invoiceTime(sql: CreditNoteTimeSql, invoiceId: string, base: Clock): Promise<Date> {
  return customerTimeOf(sql, (await findInvoice(sql, invoiceId))?.customerId, base);
}

/** The business time of the credit note's customer. */
export async function creditNoteTime(sql: CreditNoteTimeSql, creditNoteId: string, base: Clock): Promise<Date> {
  return customerTimeOf(sql, (await findCreditNote(sql, creditNoteId))?.customerId, base);
}
