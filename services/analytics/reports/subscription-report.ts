import { isLive, statesBefore, type SubscriptionChange } from '../../../domain/analytics';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { rateOf } from './rates';
import { readRecurringSnapshot } from './recurring-snapshot';

export interface SubscriptionFigures {
  /** Subscriptions in each status at the end of the range. */
  byStatus: Record<SubscriptionStatus, number>;
  /** Started in the range. */
  new: number;
  /** Became CANCELED in the range. */
  canceled: number;
  /** canceled over the live (ACTIVE or PAST_DUE) subscriptions at the start of the range. */
  churnRate: number;
}

export interface SubscriptionReport extends SubscriptionFigures {
  byCurrency: (SubscriptionFigures & { currency: string })[];
}

/** GET /analytics/subscriptions: counts, read from each subscription's history of states. */
export async function subscriptionReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<SubscriptionReport> {
  const { history } = await readRecurringSnapshot(sql, query);
  const currencies = [...new Set(history.changes.map((change) => change.currency))].sort();
  const byCurrency = currencies.map((currency) => ({
    currency,
    ...figuresOf(
      history.changes.filter((change) => change.currency === currency),
      query,
    ),
  }));
  return { ...figuresOf(history.changes, query), byCurrency };
}

function figuresOf(changes: readonly SubscriptionChange[], query: AnalyticsQuery): SubscriptionFigures {
  const { from, until } = query.range;
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<
    SubscriptionStatus,
    number
  >;
  for (const state of statesBefore(changes, until.getTime())) byStatus[state.status] += 1;
  const inRange = (change: SubscriptionChange) => change.effectiveAt >= from && change.effectiveAt < until;
  const firstChanges = new Map<string, SubscriptionChange>();
  for (const change of changes) {
    const known = firstChanges.get(change.subscriptionId);
    if (known === undefined || change.effectiveAt < known.effectiveAt) firstChanges.set(change.subscriptionId, change);
  }
  const canceled = changes.filter((change) => change.status === 'CANCELED' && inRange(change)).length;
  const liveAtStart = statesBefore(changes, from.getTime()).filter((state) => isLive(state.status)).length;
  return {
    byStatus,
    new: [...firstChanges.values()].filter(inRange).length,
    canceled,
    churnRate: rateOf(canceled, liveAtStart),
  };
}
