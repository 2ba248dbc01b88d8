import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { minorOf } from './analytics-query';
import { inWindows, splitRange } from './mrr-months';
import { NOT_SANDBOX_PAYMENT, notSandboxRefund } from './sandbox-exclusion';
import { onWallClock, refundOnWallClock } from './test-clock-filter';

/** The money of one currency and month: payments received and refunds paid out, in minor units. */
export interface MonthlyCash {
  currency: string;
  month: string;
  receivedMinor: bigint;
  refundedMinor: bigint;
}

/**
 * Cash in the range per currency and UTC month: a payment counts when it succeeded (its `succeededAt`, whatever was
 * refunded of it since), a refund when it succeeded. Money that never settled (PENDING, FAILED) counts nowhere. The
 * range's whole months from the cash rollup (kept by the payments' and refunds' triggers), its partial months from
 * the payments and refunds themselves.
 */
export async function monthlyCash(sql: AnalyticsSql, query: AnalyticsQuery): Promise<MonthlyCash[]> {
  const currency = query.currency ?? null;
  const split = splitRange(query.range);
  const whole = split.wholeMonths ?? { first: 'infinity', last: '-infinity' };
  const windows = inWindows(split.rawWindows, 'succeeded_at');
  const rows = await sql.query<{ currency: string; month: string; received: string; refunded: string }>(
    // Grouped by the month's first instant, formatted once per group rather than once per payment.
    `select currency, to_char(month, 'YYYY-MM') as month, sum(received)::text as received,
            sum(refunded)::text as refunded
       from ${sql.table('analytics_cash_months')}
      where month between ?::date and ?::date and (?::text is null or currency = ?)
      group by currency, month
     having sum(succeeded) <> 0 or sum(refunds) <> 0
     union all
     select currency, to_char(date_trunc('month', instant at time zone 'UTC'), 'YYYY-MM') as month,
            sum(received)::text as received, sum(refunded)::text as refunded
       from (select currency, succeeded_at as instant, amount_minor as received, 0 as refunded
               from ${sql.table('payments')}
              where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and ${windows.condition}
                and ${onWallClock(sql, 'customer_id')} and ${NOT_SANDBOX_PAYMENT}
             union all
             select currency, succeeded_at, 0, amount_minor
               from ${sql.table('refunds')}
              where status = 'SUCCEEDED' and ${windows.condition} and ${refundOnWallClock(sql, 'payment_id')}
                and ${notSandboxRefund(sql)}) cash
      where ?::text is null or currency = ?
      group by currency, date_trunc('month', instant at time zone 'UTC')`,
    [whole.first, whole.last, currency, currency, ...windows.params, ...windows.params, currency, currency],
  );
  return rows.map((row) => ({
    currency: row.currency,
    month: row.month,
    receivedMinor: minorOf(row.received),
    refundedMinor: minorOf(row.refunded),
  }));
}

/** Sums the months of each currency. */
export function cashByCurrency(
  months: readonly MonthlyCash[],
): Map<string, { receivedMinor: bigint; refundedMinor: bigint }> {
  const totals = new Map<string, { receivedMinor: bigint; refundedMinor: bigint }>();
  for (const month of months) {
    const total = totals.get(month.currency) ?? { receivedMinor: 0n, refundedMinor: 0n };
    totals.set(month.currency, {
      receivedMinor: total.receivedMinor + month.receivedMinor,
      refundedMinor: total.refundedMinor + month.refundedMinor,
    });
  }
  return totals;
}
