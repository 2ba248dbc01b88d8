import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { minorOf } from './analytics-query';
import { rateOf } from './rates';
import { liveSubscriptionsBefore } from './live-subscriptions';
import { headlineCurrency } from './recurring-snapshot';
import { onWallClock, refundOnWallClock } from './test-clock-filter';

export interface CurrencyPayments {
  currency: string;
  /** Money received: payments that succeeded in the range. */
  volumeMinor: bigint;
  succeeded: number;
  failed: number;
  /** Money refunded: refunds that succeeded in the range. */
  refundedMinor: bigint;
}

export interface PaymentReport {
  /** SUCCEEDED (refunded since included) over SUCCEEDED + FAILED, provider payments only, every currency. */
  successRate: number;
  currency: string;
  volumeMinor: bigint;
  byCurrency: CurrencyPayments[];
}

interface PaymentRow {
  currency: string;
  volume: string | null;
  succeeded: number;
  failed: number;
  provider_succeeded: number;
  provider_failed: number;
  refunded: string | null;
}

/** GET /analytics/payments: a payment counts at its outcome (`succeededAt`, `failedAt`), a refund when it succeeded. */
export async function paymentReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<PaymentReport> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const [rows, liveAtEnd] = await Promise.all([
    sql.query<PaymentRow>(
      `with settled as (
         select currency, provider, amount_minor, true as succeeded from ${sql.table('payments')}
          where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and succeeded_at >= ? and succeeded_at < ?
            and ${onWallClock(sql, 'customer_id')}
         union all
         select currency, provider, 0, false from ${sql.table('payments')}
          where status = 'FAILED' and failed_at >= ? and failed_at < ? and ${onWallClock(sql, 'customer_id')}),
       refunded as (
         select currency, sum(amount_minor) as refunded from ${sql.table('refunds')}
          where status = 'SUCCEEDED' and succeeded_at >= ? and succeeded_at < ? and ${refundOnWallClock(sql, 'payment_id')}
          group by currency),
       counted as (
         select currency, sum(amount_minor) as volume,
                count(*) filter (where succeeded)::int as succeeded, count(*) filter (where not succeeded)::int as failed,
                count(*) filter (where succeeded and provider <> 'MANUAL')::int as provider_succeeded,
                count(*) filter (where not succeeded and provider <> 'MANUAL')::int as provider_failed
           from settled group by currency)
       select coalesce(c.currency, r.currency) as currency, c.volume::text, coalesce(c.succeeded, 0) as succeeded,
              coalesce(c.failed, 0) as failed, coalesce(c.provider_succeeded, 0) as provider_succeeded,
              coalesce(c.provider_failed, 0) as provider_failed, r.refunded::text
         from counted c full join refunded r on r.currency = c.currency
        where ?::text is null or coalesce(c.currency, r.currency) = ?`,
      [from, until, from, until, from, until, currency, currency],
    ),
    liveSubscriptionsBefore(sql, { until, ...(query.currency === undefined ? {} : { currency: query.currency }) }),
  ]);
  const byCurrency = rows
    .map((row) => ({
      currency: row.currency,
      volumeMinor: minorOf(row.volume),
      succeeded: row.succeeded,
      failed: row.failed,
      refundedMinor: minorOf(row.refunded),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  const succeeded = rows.reduce((sum, row) => sum + row.provider_succeeded, 0);
  const failed = rows.reduce((sum, row) => sum + row.provider_failed, 0);
  const headline = headlineCurrency({
    query,
    liveAtEnd,
    withData: rows.map((row) => row.currency),
  });
  return {
    successRate: rateOf(succeeded, succeeded + failed),
    currency: headline,
    volumeMinor: byCurrency.find((each) => each.currency === headline)?.volumeMinor ?? 0n,
    byCurrency,
  };
}
