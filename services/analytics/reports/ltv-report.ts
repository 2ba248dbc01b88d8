import {
  customerMrr,
  isLive,
  statesBefore,
  toMinorUnits,
  type RecurringHistory,
  type SubscriptionChange,
} from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { groupBy } from './group-by';
import { loadRecurringHistory } from './recurring-history';

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
  const history = await loadRecurringHistory(sql, {
    until,
    ...(query.currency === undefined ? {} : { currency: query.currency }),
  });
  const currencies = [...new Set(history.changes.map((change) => change.currency))].sort();
  return currencies.map((currency) => {
    const changes = history.changes.filter((change) => change.currency === currency);
    const paying = payingCustomers({ changes, coupons: history.coupons }, currency, until);
    const plans = [...new Set(changes.map((change) => change.planId))].sort();
    return {
      currency,
      ...lifetimeValue(
        [...paying.values()].map((mrr) => mrr.total),
        livedMonths(changes, until),
      ),
      byPlan: plans.map((planId) => ({
        planId,
        ...lifetimeValue(
          [...paying.values()].flatMap((mrr) => (mrr.byPlan.has(planId) ? [mrr.byPlan.get(planId) ?? 0n] : [])),
          livedMonths(changes, until, planId),
        ),
      })),
    };
  });
}

function payingCustomers(history: RecurringHistory, currency: string, until: Date) {
  const states = groupBy(statesBefore(history.changes, until.getTime()), (state) => state.customerId);
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

/** Per subscription: the months it was live (on `planId` when given) before `until`. */
function livedMonths(changes: readonly SubscriptionChange[], until: Date, planId?: string): number[] {
  const bySubscription = groupBy(changes, (change) => change.subscriptionId);
  const lifespans: number[] = [];
  for (const ordered of bySubscription.values()) {
    ordered.sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime());
    let liveMs = 0;
    ordered.forEach((change, index) => {
      const next = ordered[index + 1]?.effectiveAt.getTime() ?? until.getTime();
      const counts = isLive(change.status) && (planId === undefined || change.planId === planId);
      if (counts) liveMs += next - change.effectiveAt.getTime();
    });
    if (liveMs > 0) lifespans.push(liveMs / MONTH_MS);
  }
  return lifespans;
}
