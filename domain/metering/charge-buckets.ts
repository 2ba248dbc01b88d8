import { propertyText, type PropertyValue, type UsageEvent } from './usage-event';

/** A charge filter as aggregation sees it: one property key and the values it prices. */
export interface ChargeFilterMatch {
  readonly key: string;
  readonly values: readonly string[];
}

/** Where a charge puts an event: the index of the filter pricing it, or the charge's own (default) parameters. */
export type ChargeBucket = number | 'rest';

/**
 * The first charge filter, in the charge's order, whose key the event carries with one of the filter's values
 * (compared as strings, see `propertyText`); 'rest' when none matches, including when the key is missing.
 */
export function chargeBucketOf(
  properties: Readonly<Record<string, PropertyValue>>,
  filters: readonly ChargeFilterMatch[],
): ChargeBucket {
  const index = filters.findIndex((filter) => {
    const value = propertyText(properties[filter.key]);
    return value !== undefined && filter.values.includes(value);
  });
  return index === -1 ? 'rest' : index;
}

/** The events of each filter (in the filters' order) and those matching none, each list in the input's order. */
export function splitIntoBuckets<Event extends UsageEvent>(
  events: readonly Event[],
  filters: readonly ChargeFilterMatch[],
): { filters: Event[][]; rest: Event[] } {
  const buckets: { filters: Event[][]; rest: Event[] } = { filters: filters.map(() => []), rest: [] };
  for (const event of events) {
    const bucket = chargeBucketOf(event.properties, filters);
    (bucket === 'rest' ? buckets.rest : buckets.filters[bucket])?.push(event);
  }
  return buckets;
}
