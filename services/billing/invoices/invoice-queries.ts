import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { queryInvoices, type InvoiceFilter } from './invoice-store';

export { findInvoice, type InvoiceFilter } from './invoice-store';

/** A page of the tenant's invoices, newest first, filtered by status, customer and subscription. */
export async function listInvoices(
  sql: InvoiceSql,
  options: { filter: InvoiceFilter; limit: number; offset: number },
): Promise<{ records: InvoiceRecord[]; total: number }> {
  return queryInvoices(sql, options);
}
