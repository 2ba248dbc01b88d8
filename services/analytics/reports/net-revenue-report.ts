import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { minorOf } from './analytics-query';
import { notSandboxRefund } from './sandbox-exclusion';
import { onWallClock, refundOnWallClock } from './test-clock-filter';

export interface CurrencyNetRevenue {
  currency: string;
  /** Invoiced in the range, before tax: issued invoices that were not voided. */
  grossMinor: bigint;
  /** Refunds that succeeded in the range. */
  refundsMinor: bigint;
  /** Credit notes finalized in the range and not voided, except those a refund made (its money counts as a refund). */
  creditNotesMinor: bigint;
  netMinor: bigint;
}

/** GET /analytics/net-revenue: gross billed, less what was given back. */
export async function netRevenueReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<CurrencyNetRevenue[]> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const rows = await sql.query<{ currency: string; gross: string; refunds: string; credit_notes: string }>(
    `select currency, sum(gross)::text as gross, sum(refunds)::text as refunds, sum(credit_notes)::text as credit_notes
       from (select currency, total_minor - tax_minor as gross, 0 as refunds, 0 as credit_notes
               from ${sql.table('invoices')}
              where status in ('OPEN', 'PAID', 'UNCOLLECTIBLE') and issued_at >= ? and issued_at < ?
                and ${onWallClock(sql, 'customer_id')}
             union all
             select currency, 0, amount_minor, 0 from ${sql.table('refunds')}
              where status = 'SUCCEEDED' and succeeded_at >= ? and succeeded_at < ?
                and ${refundOnWallClock(sql, 'payment_id')} and ${notSandboxRefund(sql)}
             union all
             select n.currency, 0, 0, n.amount_minor from ${sql.table('credit_notes')} n
              where n.status = 'FINALIZED' and n.issued_at >= ? and n.issued_at < ? and ${onWallClock(sql, 'n.customer_id')}
                and not exists (select 1 from ${sql.table('refunds')} r where r.credit_note_id = n.id)) figures
      where ?::text is null or currency = ?
      group by currency order by currency`,
    [from, until, from, until, from, until, currency, currency],
  );
  return rows.map((row) => {
    const grossMinor = minorOf(row.gross);
    const refundsMinor = minorOf(row.refunds);
    const creditNotesMinor = minorOf(row.credit_notes);
    return {
      currency: row.currency,
      grossMinor,
      refundsMinor,
      creditNotesMinor,
      netMinor: grossMinor - refundsMinor - creditNotesMinor,
    };
  });
}
