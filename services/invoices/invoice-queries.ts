import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvoiceId } from '../../domain/ids';
import { invoiceSql, type InvoiceRecord } from './invoice-records';
import { queryInvoices, readInvoice, type InvoiceFilter } from './invoice-store';

export type { InvoiceFilter } from './invoice-store';

export async function findInvoice(em: EntityManager, invoiceId: InvoiceId): Promise<InvoiceRecord | undefined> {
  return readInvoice(invoiceSql(em), invoiceId);
}

/** A page of the tenant's invoices, newest first, filtered by status, customer and subscription. */
export async function listInvoices(
  em: EntityManager,
  options: { filter: InvoiceFilter; limit: number; offset: number },
): Promise<{ records: InvoiceRecord[]; total: number }> {
  return queryInvoices(invoiceSql(em), options);
}
