import type { InvoiceStatus } from '../../../domain/invoices';
import type { SqlParam, SqlTransaction } from '../../../infra/db/sql';
import { couponOfApplication } from '../../catalog/coupons';
import { findInvoiceDiscounts } from './invoice-coupons';
import { noteInvoiceStanding } from './invoice-standing';
import { settleCreditPurchase } from './credit-purchase-outcome';
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
async function findInvoiceLines(
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
    findInvoiceLines(sql, ids, transaction),
    findInvoiceDiscounts(sql, ids, transaction),
  ]);
  return rows.map((row) => toInvoiceRecord(row, lines.get(row.id) ?? [], discounts.get(row.id) ?? []));
}

/**
 * The invoice with its lines and discounts, undefined when unknown (or another tenant's); `forUpdate` locks the row so
 * a transition sees no concurrent one.
 */
export async function findInvoice(
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
  /** Every status but this one (the portal leaves DRAFTs out). */
  excludeStatus?: InvoiceStatus;
  customerId?: string;
  subscriptionId?: string;
}

const FILTER_COLUMNS: Readonly<Record<keyof InvoiceFilter, string>> = {
  status: 'status = ?',
  excludeStatus: 'status <> ?',
  customerId: 'customer_id = ?',
  subscriptionId: 'subscription_id = ?',
};

/** A row of an invoice page: the page's invoice (all null on the count's lone row past the end) and its total. */
type PageRow = Omit<InvoiceRow, 'id'> & { id: string | null; total_count: string; lines: string; discounts: string };
interface DiscountJson {
  coupon_id: string;
  coupon_code: string;
  amount_minor: string;
}

/**
 * A page of the tenant's invoices, newest first, in one statement whatever the page: the filtered count on a one-row
 * select, the page left-joined to it (so a page past the end still brings its total), and each invoice's lines and
 * discounts aggregated as JSON beside its row, in the order `withLinesAndDiscounts` reads them (a discount's coupon
 * through the expression the coupons module gives for it).
 */
export async function queryInvoices(
  sql: InvoiceSql,
  options: { filter: InvoiceFilter; limit: number; offset: number },
): Promise<{ records: InvoiceRecord[]; total: number }> {
  const keys = (Object.keys(FILTER_COLUMNS) as (keyof InvoiceFilter)[]).filter(
    (key) => options.filter[key] !== undefined,
  );
  const where = keys.length === 0 ? '' : `where ${keys.map((key) => FILTER_COLUMNS[key]).join(' and ')}`;
  const values: SqlParam[] = keys.map((key) => options.filter[key] ?? null);
  const rows = await sql.query<PageRow>(
    `with page as (
       select ${INVOICE_COLUMNS} from ${sql.table('invoices')} ${where}
        order by created_at desc, id desc limit ? offset ?
     )
     select totals.total_count, page.*,
            (select coalesce(json_agg(line order by line.position), '[]')::text
               from (select ${INVOICE_LINE_COLUMNS}, position from ${sql.table('invoice_lines')}
                      where invoice_id = page.id) line) as lines,
            (select coalesce(json_agg(discount order by discount.position), '[]')::text
               from (select ${couponOfApplication(sql, 'd.applied_coupon_id')} as coupon_id, d.coupon_code,
                            d.amount_minor::text as amount_minor, d.position
                       from ${sql.table('invoice_discounts')} d
                      where d.invoice_id = page.id) discount) as discounts
       from (select count(*) as total_count from ${sql.table('invoices')} ${where}) totals
       left join page on true
      order by page.created_at desc, page.id desc`,
    [...values, options.limit, options.offset, ...values],
  );
  const records = rows.flatMap((row) => {
    // A page past the end is the count's row alone.
    if (row.id === null) return [];
    const lines = parseJsonKeepingNumbers(row.lines) as InvoiceLineRow[];
    const discounts = (parseJsonKeepingNumbers(row.discounts) as DiscountJson[]).map((discount) => ({
      couponId: discount.coupon_id,
      couponCode: discount.coupon_code,
      amountMinor: BigInt(discount.amount_minor),
    }));
    return [toInvoiceRecord({ ...row, id: row.id }, lines, discounts)];
  });
  return { records, total: Number(rows[0]?.total_count ?? 0) };
}

/**
 * JSON that PostgreSQL built (`json_agg` of rows), with every number exact: a bigint column arrives as a JSON number,
 * which `JSON.parse` rounds past 2^53. Integers within 2^53 are exact as numbers (records read them with `BigInt`); if
 * any number is not one, the text is parsed again keeping each number as its source text. Parsing with that reviver
 * every time cost an eighth of the API's CPU on an invoice page.
 */
function parseJsonKeepingNumbers(text: string): unknown {
  const parsed = JSON.parse(text) as unknown;
  if (onlySafeIntegers(parsed)) return parsed;
  return JSON.parse(text, (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined ? context.source : value,
  );
}

function onlySafeIntegers(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.every(onlySafeIntegers);
  if (value !== null && typeof value === 'object') return Object.values(value).every(onlySafeIntegers);
  return true;
}

/** The columns of an invoice's lifecycle and amounts, the ones `saveInvoiceState` writes. */
export type InvoiceStateChange = Partial<
  Pick<
    InvoiceRecord,
    | 'number'
    | 'status'
    | 'amountCreditedMinor'
    | 'prepaidCreditAmountMinor'
    | 'amountPaidMinor'
    | 'amountDueMinor'
    | 'issuedAt'
    | 'dueDate'
    | 'paidAt'
    | 'voidedAt'
    | 'finalizeAfter'
  >
>;

/**
 * Writes `changes` to the lifecycle and amount columns of `invoice`, whose row the transaction holds locked, and
 * notes what that does to its subscription's standing at `now` (see `noteInvoiceStanding`).
 */
export async function saveInvoiceState(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  write: { invoice: InvoiceRecord; changes: InvoiceStateChange; now: Date },
): Promise<InvoiceRecord> {
  const invoice = { ...write.invoice, ...write.changes };
  const row = await sql.oneOrFail<InvoiceRow>(
    `update ${sql.table('invoices')}
        set number = ?, status = ?, amount_credited_minor = ?::bigint, prepaid_credit_amount_minor = ?::bigint,
            amount_paid_minor = ?::bigint, amount_due_minor = ?::bigint, issued_at = ?, due_date = ?, paid_at = ?, voided_at = ?, finalize_after = ?,
            updated_at = ?
      where id = ? returning ${INVOICE_COLUMNS}`,
    [
      invoice.number,
      invoice.status,
      invoice.amountCreditedMinor.toString(),
      invoice.prepaidCreditAmountMinor.toString(),
      invoice.amountPaidMinor.toString(),
      invoice.amountDueMinor.toString(),
      invoice.issuedAt,
      invoice.dueDate,
      invoice.paidAt,
      invoice.voidedAt,
      invoice.finalizeAfter,
      write.now,
      invoice.id,
    ],
    transaction,
  );
  const [record] = await withLinesAndDiscounts(sql, [row], transaction);
  if (record === undefined) throw new Error('an invoice row mapped to no record');
  await noteInvoiceStanding(sql, transaction, {
    subscriptionId: record.subscriptionId,
    before: write.invoice,
    after: record,
    now: write.now,
  });
  await settleCreditPurchase(sql, transaction, { before: write.invoice, after: record, now: write.now });
  return record;
}
