import { type PercentageTerms, percentageExact } from '../charge-models';
import { type Decimal, type Rational } from '../money';
import { aggregateUnits, type MeteringAggregation } from './aggregate-units';
import { splitIntoBuckets, type ChargeFilterMatch } from './charge-buckets';
import { compareEventOrder, isInPeriod, readPropertyNumber, type UsageEvent, type UsagePeriod } from './usage-event';

/** A value per charge filter (in the charge's order) and one for the events matching none. */
export interface BucketValues<T> {
  filters: T[];
  rest: T;
}

/**
 * The units of each bucket of a charge: events go to the first matching filter (`chargeBucketOf`), then each bucket
 * is aggregated on its own events alone, as if they were the only ones: a recurring bucket carries its own total,
 * a UNIQUE_COUNT value is added and removed within one bucket.
 */
export function aggregateBucketUnits(input: {
  events: readonly UsageEvent[];
  period: UsagePeriod;
  metric: MeteringAggregation;
  filters: readonly ChargeFilterMatch[];
}): BucketValues<Rational> {
  const buckets = splitIntoBuckets(input.events, input.filters);
  const unitsOf = (events: readonly UsageEvent[]) =>
    aggregateUnits({ events, period: input.period, metric: input.metric });
  return { filters: buckets.filters.map(unitsOf), rest: unitsOf(buckets.rest) };
}

/**
 * A PERCENTAGE charge's transactions: the `fieldName` values of the period's events in event order (timestamp, then
 * ingestion). Whatever the metric's aggregation and recurrence, only the period's events are transactions. An
 * event whose value is missing or not a number is no transaction; a negative amount is a transaction of 0 (a
 * refund earns no negative fee, and it uses a free event like any other transaction).
 */
export function percentageTransactions(input: {
  events: readonly UsageEvent[];
  period: UsagePeriod;
  fieldName: string;
}): Decimal[] {
  return input.events
    .filter((event) => isInPeriod(event, input.period))
    .sort(compareEventOrder)
    .flatMap((event) => {
      const amount = readPropertyNumber(event.properties[input.fieldName]);
      if (amount === undefined) return [];
      return [amount.unscaled < 0n ? { unscaled: 0n, scale: 0 } : amount];
    });
}

/** The exact PERCENTAGE fee (major units) of each bucket, each priced with its own terms. */
export function percentageBucketFees(input: {
  events: readonly UsageEvent[];
  period: UsagePeriod;
  fieldName: string;
  filters: readonly (ChargeFilterMatch & { terms: PercentageTerms })[];
  restTerms: PercentageTerms;
}): BucketValues<Rational> {
  const buckets = splitIntoBuckets(input.events, input.filters);
  const feeOf = (events: readonly UsageEvent[], terms: PercentageTerms) =>
    percentageExact({ transactions: percentageTransactions({ ...input, events }), terms });
  return {
    filters: buckets.filters.map((events, index) => feeOf(events, input.filters[index]?.terms ?? input.restTerms)),
    rest: feeOf(buckets.rest, input.restTerms),
  };
}
