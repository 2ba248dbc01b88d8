import { computeInvoiceTotals } from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import {
  lockSubscriptionForUsage,
  priceRecordedUsage,
  usageSubscriptionOf,
  type MeteredUsageLine,
} from '../usage-pricing';
import { INVOICE_COLUMNS, type InvoiceRecord, type InvoiceRow, type InvoiceSql } from './invoice-records';
import { repriceInvoiceDiscounts } from './invoice-coupons';
import { withLinesAndDiscounts } from './invoice-store';

/**
 * Late events (CONTRACT §10): a DRAFT that bills usage segments (held by a grace period) has its USAGE lines priced
 * again at finalize, so every event accepted before finalize is billed. Lock order is the close's: the subscription
 * row, then the invoice row.
 */

/** Locks the subscription whose usage the invoice bills, if any, before the caller locks the invoice. */
export async function lockUsageSubscription(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<void> {
  const subscriptionId = await usageSubscriptionOf(sql, invoiceId, transaction);
  if (subscriptionId !== undefined) await lockSubscriptionForUsage(sql, transaction, subscriptionId);
}

/** Puts `usage` in place of the invoice's USAGE lines, after its other lines. */
async function replaceUsageLines(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; usage: readonly MeteredUsageLine[] },
): Promise<void> {
  const lines = sql.table('invoice_lines');
  await sql.query(`delete from ${lines} where invoice_id = ? and type = 'USAGE'`, [input.invoiceId], transaction);
  const last = await sql.one<{ position: number | null }>(
    `select max(position) as position from ${lines} where invoice_id = ?`,
    [input.invoiceId],
    transaction,
  );
  let position = (last?.position ?? -1) + 1;
  for (const line of input.usage) {
    await sql.query(
      `insert into ${lines} (id, invoice_id, position, type, description, quantity, unit_amount, amount_minor,
         period_start, period_end, billable_metric_id)
       values (?, ?, ?, ?, ?, ?::numeric, ?::numeric, ?::bigint, ?, ?, ?)`,
      [
        newId('invoiceLine'),
        input.invoiceId,
        position,
        line.type,
        line.description,
        line.quantity,
        line.unitAmount,
        line.amountMinor.toString(),
        line.periodStart,
        line.periodEnd,
        line.billableMetricId,
      ],
      transaction,
    );
    position += 1;
  }
}

/**
 * The DRAFT with its USAGE lines replaced by the recorded segments' usage as it stands, the discounts of the coupons
 * it took priced again on the new lines (a coupon limited to a metric follows that metric's usage; no coupon is
 * consumed again) and its totals summed again. Unchanged when it bills no segment.
 */
export async function refreshUsageLines(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  refresh: { invoice: InvoiceRecord; now: Date },
): Promise<InvoiceRecord> {
  const { invoice } = refresh;
  if (invoice.status !== 'DRAFT') return invoice;
  const usage = await priceRecordedUsage(sql, transaction, invoice);
  if (usage === undefined) return invoice;
  await replaceUsageLines(sql, transaction, { invoiceId: invoice.id, usage });
  const lines = [...invoice.lines.filter((line) => line.type !== 'USAGE'), ...usage];
  const discountMinor = await repriceInvoiceDiscounts(sql, transaction, { ...invoice, lines });
  const totals = computeInvoiceTotals({
    lineAmountsMinor: lines.map((line) => line.amountMinor),
    discountMinor,
    amountCreditedMinor: invoice.amountCreditedMinor,
    prepaidCreditAmountMinor: invoice.prepaidCreditAmountMinor,
    amountPaidMinor: invoice.amountPaidMinor,
  });
  const row = await sql.oneOrFail<InvoiceRow>(
    `update ${sql.table('invoices')}
        set subtotal_minor = ?::bigint, discount_minor = ?::bigint, tax_minor = ?::bigint, total_minor = ?::bigint,
            amount_due_minor = ?::bigint, updated_at = ?
      where id = ? returning ${INVOICE_COLUMNS}`,
    [
      totals.subtotalMinor.toString(),
      totals.discountMinor.toString(),
      totals.taxMinor.toString(),
      totals.totalMinor.toString(),
      totals.amountDueMinor.toString(),
      refresh.now,
      invoice.id,
    ],
    transaction,
  );
  const [refreshed] = await withLinesAndDiscounts(sql, [row], transaction);
  if (refreshed === undefined) throw new Error(`invoice ${invoice.id} mapped to no record`);
  return refreshed;
}
