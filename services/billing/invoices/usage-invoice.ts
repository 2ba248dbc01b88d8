import type { SqlTransaction } from '../../../infra/db/sql';
import {
  computeSegmentUsage,
  findUsageSegment,
  lockSubscriptionForUsage,
  recordUsageSegment,
  type UsageSegmentRequest,
} from '../usage-pricing';
import { createInvoiceInTransaction, type NewInvoice } from './create-invoice';
import { INVOICE_COLUMNS, type InvoiceRecord, type InvoiceRow, type InvoiceSql } from './invoice-records';
import { withLinesAndDiscounts } from './invoice-store';

/** The invoice that closes a usage segment: its other lines (a fee; none for usage alone) and the segment. */
export interface UsageSegmentClose {
  /** `idempotencyKey` is required: a retried close returns this invoice and bills nothing again. */
  invoice: NewInvoice & { idempotencyKey: string };
  usage: UsageSegmentRequest;
}

async function invoiceByKey(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  idempotencyKey: string,
): Promise<InvoiceRecord | undefined> {
  const row = await sql.one<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from ${sql.table('invoices')} where idempotency_key = ?`,
    [idempotencyKey],
    transaction,
  );
  const [record] = await withLinesAndDiscounts(sql, row === undefined ? [] : [row], transaction);
  return record;
}

/**
 * Closes a usage segment on its invoice, in ONE transaction: the subscription row locked `for update` first (so no
 * event batch is half-way in: ingestion share-locks it), the segment's usage priced, the invoice created with the
 * given lines and the USAGE lines, and the `usage_segments` row recorded with it. A close that bills nothing (no fee,
 * no usage) creates no invoice but still records the segment. Idempotent: a retry (the invoice's key taken, or the
 * segment already recorded) returns what the first attempt made, without pricing anything again.
 */
export async function closeUsageSegment(sql: InvoiceSql, close: UsageSegmentClose): Promise<InvoiceRecord | null> {
  const { invoice, usage } = close;
  return sql.transactional(async (transaction) => {
    await lockSubscriptionForUsage(sql, transaction, usage.subscriptionId);
    const existing = await invoiceByKey(sql, transaction, invoice.idempotencyKey);
    if (existing !== undefined) return existing;
    const closed = await findUsageSegment(sql, transaction, {
      subscriptionId: usage.subscriptionId,
      start: usage.from,
    });
    if (closed !== undefined) return null;
    const priced = await computeSegmentUsage(sql, usage, transaction);
    const lines = [...invoice.lines, ...priced.lines];
    const created =
      lines.length === 0 ? null : await createInvoiceInTransaction(sql, transaction, { ...invoice, lines });
    await recordUsageSegment(sql, transaction, {
      subscriptionId: usage.subscriptionId,
      segmentStart: usage.from,
      segmentEnd: usage.to,
      periodStart: usage.periodStart,
      periodEnd: usage.periodEnd,
      planId: usage.planId,
      invoiceId: created?.id ?? null,
      closedAt: invoice.now,
    });
    return created;
  });
}
