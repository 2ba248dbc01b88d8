import { computeInvoiceTotals } from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { lockSubscriptionForUsage, priceRecordedUsage, usageSubscriptionOf } from '../usage-pricing';
import { INVOICE_COLUMNS, type InvoiceRecord, type InvoiceRow, type InvoiceSql } from './invoice-records';
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

/**
 * The DRAFT with its USAGE lines replaced by the recorded segments' usage as it stands, and its totals the sum of its
 * lines again (the coupon discount stays: it is of SUBSCRIPTION lines only). Unchanged when it bills no segment.
 */
export async function refreshUsageLines(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoice: InvoiceRecord,
): Promise<InvoiceRecord> {
  if (invoice.status !== 'DRAFT') return invoice;
  const usage = await priceRecordedUsage(sql, transaction, invoice);
  if (usage === undefined) return invoice;
  const lines = sql.table('invoice_lines');
  await sql.query(`delete from ${lines} where invoice_id = ? and type = 'USAGE'`, [invoice.id], transaction);
  const kept = invoice.lines.filter((line) => line.type !== 'USAGE');
  const last = await sql.one<{ position: number | null }>(
    `select max(position) as position from ${lines} where invoice_id = ?`,
    [invoice.id],
    transaction,
  );
  let position = (last?.position ?? -1) + 1;
  for (const line of usage) {
    await sql.query(
      `insert into ${lines} (id, invoice_id, position, type, description, quantity, unit_amount, amount_minor,
         period_start, period_end)
       values (?, ?, ?, ?, ?, ?::numeric, ?::numeric, ?::bigint, ?, ?)`,
      [
        newId('invoiceLine'),
        invoice.id,
        position,
        line.type,
        line.description,
        line.quantity,
        line.unitAmount,
        line.amountMinor.toString(),
        line.periodStart,
        line.periodEnd,
      ],
      transaction,
    );
    position += 1;
  }
  const totals = computeInvoiceTotals({
    lineAmountsMinor: [...kept.map((line) => line.amountMinor), ...usage.map((line) => line.amountMinor)],
    discountMinor: invoice.discountMinor,
    amountCreditedMinor: invoice.amountCreditedMinor,
    prepaidCreditAmountMinor: invoice.prepaidCreditAmountMinor,
    amountPaidMinor: invoice.amountPaidMinor,
  });
  const row = await sql.oneOrFail<InvoiceRow>(
    `update ${sql.table('invoices')}
        set subtotal_minor = ?::bigint, tax_minor = ?::bigint, total_minor = ?::bigint, amount_due_minor = ?::bigint,
            updated_at = now()
      where id = ? returning ${INVOICE_COLUMNS}`,
    [
      totals.subtotalMinor.toString(),
      totals.taxMinor.toString(),
      totals.totalMinor.toString(),
      totals.amountDueMinor.toString(),
      invoice.id,
    ],
    transaction,
  );
  const [refreshed] = await withLinesAndDiscounts(sql, [row], transaction);
  if (refreshed === undefined) throw new Error(`invoice ${invoice.id} mapped to no record`);
  return refreshed;
}
