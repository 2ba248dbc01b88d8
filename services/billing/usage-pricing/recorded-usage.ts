import type { CustomerId } from '../../../domain/ids';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { readBillingTimeZone } from '../subscriptions';
import { computeSegmentUsage } from './segment-usage';
import type { MeteredUsageLine, UsageSql } from './usage-records';
import { listInvoiceUsageSegments } from './usage-segments';

/**
 * The USAGE lines of an invoice priced again from the segments it bills (plan, segment and period as recorded at the
 * close), for a DRAFT's finalize: events accepted since the close are billed (CONTRACT §10, late events). Undefined
 * when the invoice bills no usage segment. The caller holds the subscription row locked, as the close did.
 */
export async function priceRecordedUsage(
  sql: UsageSql,
  transaction: SqlTransaction,
  invoice: { id: string; customerId: CustomerId; currency: CurrencyCode },
): Promise<MeteredUsageLine[] | undefined> {
  const segments = await listInvoiceUsageSegments(sql, invoice.id, transaction);
  if (segments.length === 0) return undefined;
  const timeZone = await readBillingTimeZone(sql, invoice.customerId, transaction);
  const lines: MeteredUsageLine[] = [];
  for (const segment of segments) {
    const usage = await computeSegmentUsage(
      sql,
      {
        subscriptionId: segment.subscriptionId,
        planId: segment.planId,
        from: segment.segmentStart,
        to: segment.segmentEnd,
        periodStart: segment.periodStart,
        periodEnd: segment.periodEnd,
        currency: invoice.currency,
        timeZone,
      },
      transaction,
    );
    lines.push(...usage.lines);
  }
  return lines;
}

/** The subscription whose usage an invoice bills, if it bills any: its row is locked before the invoice's. */
export async function usageSubscriptionOf(
  sql: UsageSql,
  invoiceId: string,
  transaction: SqlTransaction,
): Promise<string | undefined> {
  const [segment] = await listInvoiceUsageSegments(sql, invoiceId, transaction);
  return segment?.subscriptionId;
}
