import type { AnalyticsQuery } from './analytics-query';

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
