import { toMinorUnits } from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { cashByCurrency, monthlyCash } from './money-flows';
import { headlineCurrency, readRecurringSnapshot } from './recurring-snapshot';

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
  const [cash, recurring] = await Promise.all([monthlyCash(sql, query), readRecurringSnapshot(sql, query)]);
  const totals = cashByCurrency(cash);
  const currencies = new Set([...totals.keys(), ...recurring.movements.keys()]);
  const byCurrency = [...currencies].sort().map((currency): CurrencyRevenue => {
    const mrr = recurring.movements.get(currency)?.end ?? 0n;
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
  const currency = headlineCurrency({ query, liveAtEnd: recurring.liveAtEnd, withData: currencies });
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
