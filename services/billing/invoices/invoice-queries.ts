import type { InvoiceId } from '../../../domain/ids';
import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { queryInvoices, readInvoice, type InvoiceFilter } from './invoice-store';

export type { InvoiceFilter } from './invoice-store';

export async function findInvoice(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  transaction?: SqlTransaction,
): Promise<InvoiceRecord | undefined> {
  return readInvoice(sql, invoiceId, transaction === undefined ? {} : { transaction });
}

/** A page of the tenant's invoices, newest first, filtered by status, customer and subscription. */
export async function listInvoices(
  sql: InvoiceSql,
  options: { filter: InvoiceFilter; limit: number; offset: number },
): Promise<{ records: InvoiceRecord[]; total: number }> {
  return queryInvoices(sql, options);
}

/** The currency of an invoice (what a credit note's amounts are in); undefined for an unknown invoice. */
export async function findInvoiceCurrency(sql: InvoiceSql, invoiceId: string): Promise<CurrencyCode | undefined> {
  const row = await sql.one<{ currency: string }>(`select currency from ${sql.table('invoices')} where id = ?`, [
    invoiceId,
  ]);
  return row === undefined ? undefined : toCurrencyCode(row.currency);
}
