import {
  isLive,
  mrrMovements,
  statesBefore,
  type MrrMovements,
  type RecurringHistory,
} from '../../../domain/analytics';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { loadRecurringHistory } from './recurring-history';

/** The recurring side of a range: its history, MRR movements per currency, and live subscriptions at its end. */
export interface RecurringSnapshot {
  history: RecurringHistory;
  movements: Map<string, MrrMovements>;
  liveAtEnd: Map<string, number>;
}

export async function readRecurringSnapshot(sql: AnalyticsSql, query: AnalyticsQuery): Promise<RecurringSnapshot> {
  const history = await loadRecurringHistory(sql, {
    from: query.range.from,
    until: query.range.until,
    ...(query.currency === undefined ? {} : { currency: query.currency }),
  });
  const movements = new Map(mrrMovements(history, query.range).map((each) => [each.currency, each]));
  const liveAtEnd = new Map<string, number>();
  for (const state of statesBefore(history.changes, query.range.until.getTime())) {
    if (isLive(state.status)) liveAtEnd.set(state.currency, (liveAtEnd.get(state.currency) ?? 0) + 1);
  }
  return { history, movements, liveAtEnd };
}

/**
 * The currency the top-level figures are given in: the one asked for, else the one with the most live subscriptions
 * at the end of the range (ties alphabetical), else the first with any data, else USD for a tenant with none.
 */
export function headlineCurrency(options: {
  query: AnalyticsQuery;
  liveAtEnd: ReadonlyMap<string, number>;
  withData: Iterable<string>;
}): string {
  if (options.query.currency !== undefined) return options.query.currency;
  const ranked = [...options.liveAtEnd.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [first] = ranked;
  if (first !== undefined && first[1] > 0) return first[0];
  return [...options.withData].sort()[0] ?? 'USD';
}
