import { toMinorUnits } from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { cashByCurrency, monthlyCash } from './money-flows';
import { readPayingAtEnd } from './paying-at-end';
import { headlineCurrency } from './headline-currency';

export interface CurrencyRevenue {
  currency: string;
  /** Payments received less refunds paid out in the range. */
  totalRevenueMinor: bigint;
  /** At the end of the range. */
  mrrMinor: bigint;
  arrMinor: bigint;
  months: { month: string; revenueMinor: bigint }[];
}

export interface RevenueReport extends CurrencyRevenue {
  byCurrency: CurrencyRevenue[];
}

/** GET /analytics/revenue: cash revenue per month and MRR at the end of the range, per currency. */
export async function revenueReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<RevenueReport> {
  const { until } = query.range;
  const [cash, paying] = await Promise.all([
    monthlyCash(sql, query),
    readPayingAtEnd(sql, { until, ...(query.currency === undefined ? {} : { currency: query.currency }) }),
  ]);
  const totals = cashByCurrency(cash);
  // Only MRR at the end is shown here: no need to walk the range's movements.
  const currencies = new Set([...totals.keys(), ...paying.currencies]);
  const byCurrency = [...currencies].sort().map((currency): CurrencyRevenue => {
    const mrr = paying.mrr.get(currency)?.total ?? 0n;
    const total = totals.get(currency);
    return {
      currency,
      totalRevenueMinor: (total?.receivedMinor ?? 0n) - (total?.refundedMinor ?? 0n),
      mrrMinor: toMinorUnits(mrr),
      arrMinor: toMinorUnits(mrr * 12n),
      months: query.range.months.map((month) => {
        const found = cash.find((each) => each.currency === currency && each.month === month);
        return { month, revenueMinor: found === undefined ? 0n : found.receivedMinor - found.refundedMinor };
      }),
    };
  });
  const currency = headlineCurrency({ query, liveAtEnd: paying.liveSubscriptions, withData: currencies });
  const headline = byCurrency.find((each) => each.currency === currency) ?? emptyRevenue(currency, query);
  return { ...headline, byCurrency };
}

function emptyRevenue(currency: string, query: AnalyticsQuery): CurrencyRevenue {
  return {
    currency,
    totalRevenueMinor: 0n,
    mrrMinor: 0n,
    arrMinor: 0n,
    months: query.range.months.map((month) => ({ month, revenueMinor: 0n })),
  };
}
