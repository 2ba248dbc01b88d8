import type { InvoiceStatus } from '../../domain/invoices';
import type { SqlParam, SqlTransaction } from '../../infra/db/sql';
import { loadInvoiceDiscounts } from './invoice-coupons';
import {
  INVOICE_COLUMNS,
  INVOICE_LINE_COLUMNS,
  toInvoiceRecord,
  type InvoiceLineRow,
  type InvoiceRecord,
  type InvoiceRow,
  type InvoiceSql,
} from './invoice-records';

/** Reads the lines of the given invoices, grouped by invoice, each group in position order. */
async function loadLines(
  sql: InvoiceSql,
  invoiceIds: readonly string[],
  transaction?: SqlTransaction,
): Promise<Map<string, InvoiceLineRow[]>> {
  const grouped = new Map<string, InvoiceLineRow[]>();
  if (invoiceIds.length === 0) return grouped;
  const rows = await sql.query<InvoiceLineRow>(
    `select ${INVOICE_LINE_COLUMNS} from ${sql.table('invoice_lines')}
      where invoice_id in (${invoiceIds.map(() => '?').join(', ')}) order by invoice_id, position`,
    invoiceIds,
    transaction,
  );
  for (const row of rows) grouped.set(row.invoice_id, [...(grouped.get(row.invoice_id) ?? []), row]);
  return grouped;
}

/**
 * The records of the given rows with their lines and coupon discounts: two queries for any number of invoices, so a
 * list page costs the same round trips as one invoice.
 */
export async function withLinesAndDiscounts(
  sql: InvoiceSql,
  rows: readonly InvoiceRow[],
  transaction?: SqlTransaction,
): Promise<InvoiceRecord[]> {
  const ids = rows.map((row) => row.id);
  const [lines, discounts] = await Promise.all([
    loadLines(sql, ids, transaction),
    loadInvoiceDiscounts(sql, ids, transaction),
  ]);
  return rows.map((row) => toInvoiceRecord(row, lines.get(row.id) ?? [], discounts.get(row.id) ?? []));
}

/** The invoice with its lines and discounts; `forUpdate` locks the row so a transition sees no concurrent one. */
export async function readInvoice(
  sql: InvoiceSql,
  invoiceId: string,
  options: { transaction?: SqlTransaction; forUpdate?: boolean } = {},
): Promise<InvoiceRecord | undefined> {
  const lock = options.forUpdate === true ? ' for update' : '';
  const row = await sql.one<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from ${sql.table('invoices')} where id = ?${lock}`,
    [invoiceId],
    options.transaction,
  );
  if (row === undefined) return undefined;
  const [record] = await withLinesAndDiscounts(sql, [row], options.transaction);
  return record;
}

export interface InvoiceFilter {
  status?: InvoiceStatus;
  customerId?: string;
  subscriptionId?: string;
}

const FILTER_COLUMNS: Readonly<Record<keyof InvoiceFilter, string>> = {
  status: 'status = ?',
  customerId: 'customer_id = ?',
  subscriptionId: 'subscription_id = ?',
};

/** A page of the tenant's invoices, newest first. */
export async function queryInvoices(
  sql: InvoiceSql,
  options: { filter: InvoiceFilter; limit: number; offset: number },
): Promise<{ records: InvoiceRecord[]; total: number }> {
  const keys = (Object.keys(FILTER_COLUMNS) as (keyof InvoiceFilter)[]).filter(
    (key) => options.filter[key] !== undefined,
  );
  const where = keys.length === 0 ? '' : `where ${keys.map((key) => FILTER_COLUMNS[key]).join(' and ')}`;
  const values = keys.map((key) => options.filter[key] ?? null);
  // The total rides on the page's rows (a window count over the filtered rows, before limit and offset): one
  // statement instead of two. A page past the end has no row to carry it, so only then is it counted apart.
  const rows = await sql.query<InvoiceRow & { total_count: string }>(
    `select ${INVOICE_COLUMNS}, count(*) over () as total_count from ${sql.table('invoices')} ${where}
      order by created_at desc, id desc limit ? offset ?`,
    [...values, options.limit, options.offset],
  );
  const total = rows[0]?.total_count ?? (await countInvoices(sql, where, values));
  return { records: await withLinesAndDiscounts(sql, rows), total: Number(total) };
}

async function countInvoices(sql: InvoiceSql, where: string, values: SqlParam[]): Promise<string> {
  const [row] = await sql.query<{ total: string }>(
    `select count(*) as total from ${sql.table('invoices')} ${where}`,
    values,
  );
  return row?.total ?? '0';
}

/** Writes the amounts and lifecycle columns of an invoice whose row the transaction holds locked. */
export async function saveInvoiceState(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoice: InvoiceRecord,
): Promise<InvoiceRecord> {
  const row = await sql.oneOrFail<InvoiceRow>(
    `update ${sql.table('invoices')}
        set number = ?, status = ?, amount_credited_minor = ?::bigint, amount_paid_minor = ?::bigint,
            amount_due_minor = ?::bigint, issued_at = ?, due_date = ?, paid_at = ?, voided_at = ?, finalize_after = ?,
            updated_at = now()
      where id = ? returning ${INVOICE_COLUMNS}`,
    [
      invoice.number,
      invoice.status,
      invoice.amountCreditedMinor.toString(),
      invoice.amountPaidMinor.toString(),
      invoice.amountDueMinor.toString(),
      invoice.issuedAt,
      invoice.dueDate,
      invoice.paidAt,
      invoice.voidedAt,
      invoice.finalizeAfter,
      invoice.id,
    ],
    transaction,
  );
  const [record] = await withLinesAndDiscounts(sql, [row], transaction);
  if (record === undefined) throw new Error('an invoice row mapped to no record');
  return record;
}
