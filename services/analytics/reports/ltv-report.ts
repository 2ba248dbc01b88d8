import { toMinorUnits } from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { readLiveLifespans, type LiveTime } from './live-lifespans';
import { readPayingAtEnd, type PayingSum } from './paying-at-end';

export interface LifetimeValue {
  /** MRR at the end of the range over the customers paying then. */
  averageRevenuePerCustomerMinor: bigint;
  /** The average time subscriptions have been live (up to the end of the range), in months of 365.25 / 12 days. */
  averageLifespanMonths: number;
  /** averageRevenuePerCustomer x averageLifespanMonths. */
  ltvMinor: bigint;
}

export interface CurrencyLifetimeValue extends LifetimeValue {
  currency: string;
  byPlan: (LifetimeValue & { planId: string })[];
}

const MONTH_MS = (365.25 / 12) * 86_400_000;

/** GET /analytics/ltv per currency and plan. */
export async function ltvReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<CurrencyLifetimeValue[]> {
  const { until } = query.range;
  const only = query.currency === undefined ? {} : { currency: query.currency };
  const [paying, lifespans] = await Promise.all([
    readPayingAtEnd(sql, { until, ...only }),
    readLiveLifespans(sql, { until, ...only }),
  ]);
  const currencies = [...lifespans.keys()].sort();
  return currencies.map((currency) => {
    const spans = lifespans.get(currency) ?? { all: { ms: 0n, subscriptions: 0 }, byPlan: new Map<string, LiveTime>() };
    const plans = paying.byPlan.get(currency);
    return {
      currency,
      ...lifetimeValue(paying.mrr.get(currency), spans.all),
      byPlan: [...spans.byPlan].map(([planId, planTime]) => ({
        planId,
        ...lifetimeValue(plans?.get(planId), planTime),
      })),
    };
  });
}

function lifetimeValue(revenue: PayingSum | undefined, live: LiveTime): LifetimeValue {
  const averageExact =
    revenue === undefined || revenue.customers === 0 ? 0n : revenue.total / BigInt(revenue.customers);
  const months = live.subscriptions === 0 ? 0 : Number(live.ms) / MONTH_MS / live.subscriptions;
  const averageLifespanMonths = Math.round(months * 100) / 100;
  return {
    averageRevenuePerCustomerMinor: toMinorUnits(averageExact),
    averageLifespanMonths,
    ltvMinor: toMinorUnits((averageExact * BigInt(Math.round(averageLifespanMonths * 100))) / 100n),
  };
}
