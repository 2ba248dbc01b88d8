import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { minorOf } from './analytics-query';
import { inWindows, splitRange } from './mrr-months';
import { rateOf } from './rates';
import { liveSubscriptionsBefore } from './live-subscriptions';
import { headlineCurrency } from './headline-currency';
import { NOT_SANDBOX_PAYMENT, notSandboxRefund } from './sandbox-exclusion';
import { onWallClock, refundOnWallClock } from './test-clock-filter';

/**
 * Failed payments that count: not checkouts that ended unused, by running out of time (`expired`) or because their
 * invoice was paid otherwise or voided (`canceled`). The cash rollup's triggers count the same.
 */
const COUNTED_FAILURE = "coalesce(failure_reason, '') not in ('expired', 'canceled')";

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
  const { until } = query.range;
  const currency = query.currency ?? null;
  // The range's whole months from the cash rollup (kept by the payments' and refunds' triggers), its partial months
  // from the payments and refunds themselves.
  const split = splitRange(query.range);
  const whole = split.wholeMonths ?? { first: 'infinity', last: '-infinity' };
  const succeededIn = inWindows(split.rawWindows, 'succeeded_at');
  const failedIn = inWindows(split.rawWindows, 'failed_at');
  const [rows, liveAtEnd] = await Promise.all([
    sql.query<PaymentRow>(
      `with settled as (
         select currency, provider, amount_minor, true as succeeded from ${sql.table('payments')}
          where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and ${succeededIn.condition}
            and ${onWallClock(sql, 'customer_id')} and ${NOT_SANDBOX_PAYMENT}
         union all
         select currency, provider, 0, false from ${sql.table('payments')}
          where status = 'FAILED' and ${failedIn.condition} and ${onWallClock(sql, 'customer_id')}
            and ${NOT_SANDBOX_PAYMENT} and ${COUNTED_FAILURE}),
       refunded as (
         select currency, sum(amount_minor) as refunded, count(*) as refunds from ${sql.table('refunds')}
          where status = 'SUCCEEDED' and ${succeededIn.condition} and ${refundOnWallClock(sql, 'payment_id')}
            and ${notSandboxRefund(sql)}
          group by currency),
       counted as (
         select currency, sum(amount_minor) as volume,
                count(*) filter (where succeeded)::int as succeeded, count(*) filter (where not succeeded)::int as failed,
                count(*) filter (where succeeded and provider <> 'MANUAL')::int as provider_succeeded,
                count(*) filter (where not succeeded and provider <> 'MANUAL')::int as provider_failed
           from settled group by currency),
       raw as (
         select coalesce(c.currency, r.currency) as currency, coalesce(c.volume, 0) as volume,
                coalesce(c.succeeded, 0) as succeeded, coalesce(c.failed, 0) as failed,
                coalesce(c.provider_succeeded, 0) as provider_succeeded,
                coalesce(c.provider_failed, 0) as provider_failed, coalesce(r.refunded, 0) as refunded,
                coalesce(r.refunds, 0) as refunds
           from counted c full join refunded r on r.currency = c.currency),
       rolled as (
         select currency, received as volume, succeeded, failed, provider_succeeded, provider_failed, refunded, refunds
           from ${sql.table('analytics_cash_months')} where month between ?::date and ?::date)
       select currency, sum(volume)::text as volume, sum(succeeded)::int as succeeded, sum(failed)::int as failed,
              sum(provider_succeeded)::int as provider_succeeded, sum(provider_failed)::int as provider_failed,
              sum(refunded)::text as refunded
         from (select * from raw union all select * from rolled) cash
        where ?::text is null or currency = ?
        group by currency
       having sum(succeeded) <> 0 or sum(failed) <> 0 or sum(refunds) <> 0`,
      [...succeededIn.params, ...failedIn.params, ...succeededIn.params, whole.first, whole.last, currency, currency],
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
