import {
  formatInvoiceNumber,
  formatTestClockInvoiceNumber,
  invoiceCounterName,
  invoiceNumberYear,
} from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { takeCounterValue } from '../../../infra/db/tenant-counters';
import { findCustomerOnRecord } from '../../catalog/customers';
import { nextTestClockNumber } from '../../catalog/test-clocks';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

/**
 * The invoice's number: from the tenant's gapless counter for the issue year (`<prefix>-<YYYY>-<000001>`), or, for a
 * customer on a test clock, from the clock's own sequence (`<prefix>-TEST-<clock tag>-<000001>`), so a simulation
 * never spends or leaves a gap in the tenant's real numbers.
 */
export async function takeInvoiceNumber(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { invoice: InvoiceRecord; now: Date; prefix: string; timeZone: string },
): Promise<string> {
  const { prefix } = input;
  const clockId = (await findCustomerOnRecord(sql, input.invoice.customerId, transaction))?.testClockId ?? null;
  if (clockId !== null) {
    const sequence = await nextTestClockNumber(sql, transaction, { clockId, document: 'invoice' });
    return formatTestClockInvoiceNumber({ prefix, clockId, sequence: BigInt(sequence) });
  }
  const year = invoiceNumberYear(input.now, input.timeZone);
  const sequence = await takeCounterValue(sql, transaction, invoiceCounterName(year));
  return formatInvoiceNumber({ prefix, year, sequence });
}
