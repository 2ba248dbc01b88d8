import { customerMrr, toMinorUnits, type RecurringHistory } from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { groupBy } from './group-by';
import { readLiveLifespans } from './live-lifespans';
import { loadLiveAtEnd } from './recurring-history';

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
  const [liveAtUntil, lifespans] = await Promise.all([
    loadLiveAtEnd(sql, { until, ...only }),
    readLiveLifespans(sql, { until, ...only }),
  ]);
  const currencies = [...lifespans.keys()].sort();
  return currencies.map((currency) => {
    const paying = payingCustomers(liveAtUntil, currency, until);
    const spans = lifespans.get(currency) ?? { all: [], byPlan: new Map<string, number[]>() };
    return {
      currency,
      ...lifetimeValue(
        [...paying.values()].map((mrr) => mrr.total),
        inMonths(spans.all),
      ),
      byPlan: [...spans.byPlan].map(([planId, planSpans]) => ({
        planId,
        ...lifetimeValue(
          [...paying.values()].flatMap((mrr) => (mrr.byPlan.has(planId) ? [mrr.byPlan.get(planId) ?? 0n] : [])),
          inMonths(planSpans),
        ),
      })),
    };
  });
}

/** What each customer live at `until` pays then in `currency` (`history` holds the live states only). */
function payingCustomers(history: RecurringHistory, currency: string, until: Date) {
  const states = groupBy(history.changes, (state) => state.customerId);
  const coupons = groupBy(history.coupons, (coupon) => coupon.customerId);
  const paying = new Map<string, ReturnType<typeof customerMrr>>();
  for (const [customerId, customerStates] of states) {
    const mrr = customerMrr({
      states: customerStates,
      coupons: coupons.get(customerId) ?? [],
      currency,
      at: new Date(until.getTime() - 1),
    });
    if (mrr.total > 0n) paying.set(customerId, mrr);
  }
  return paying;
}

function lifetimeValue(revenues: readonly bigint[], lifespans: readonly number[]): LifetimeValue {
  const total = revenues.reduce((sum, each) => sum + each, 0n);
  const averageExact = revenues.length === 0 ? 0n : total / BigInt(revenues.length);
  const months = lifespans.length === 0 ? 0 : lifespans.reduce((sum, each) => sum + each, 0) / lifespans.length;
  const averageLifespanMonths = Math.round(months * 100) / 100;
  return {
    averageRevenuePerCustomerMinor: toMinorUnits(averageExact),
    averageLifespanMonths,
    ltvMinor: toMinorUnits((averageExact * BigInt(Math.round(averageLifespanMonths * 100))) / 100n),
  };
}

const inMonths = (liveMs: readonly number[]): number[] => liveMs.map((each) => each / MONTH_MS);
