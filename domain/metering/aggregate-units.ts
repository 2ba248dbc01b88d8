import { type Decimal, type Rational } from '../money';
import { compareUnits, sumUnits, unitsOf, ZERO_UNITS } from './exact-units';
import { uniqueCountUnits } from './unique-count';
import {
  compareEventOrder,
  isBefore,
  isInPeriod,
  readPropertyNumber,
  type UsageEvent,
  type UsagePeriod,
} from './usage-event';
import { weightedSumUnits } from './weighted-sum';

/** How a billable metric adds up a period's events into units. */
export const AGGREGATION_TYPES = ['COUNT', 'SUM', 'MAX', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

/** What aggregation needs of a billable metric. `recurring` matters for SUM, UNIQUE_COUNT and WEIGHTED_SUM only. */
export interface MeteringAggregation {
  readonly aggregationType: AggregationType;
  /** The property aggregated; unused by COUNT. */
  readonly fieldName: string | null;
  readonly recurring: boolean;
}

/**
 * The units of a period `[start, end)` (CONTRACT §10, Lago's semantics), exact. `events` are the subscription's
 * events of the metric, at any time: each type picks the ones it reads. Numeric types read `fieldName` with
 * `readPropertyNumber` and skip events where it is missing or not a number (ingestion refuses those, but a metric's
 * fieldName can change). A period without (readable) events has 0 units; a recurring type also counts what earlier
 * periods carried.
 * - COUNT: the period's events.
 * - SUM: the sum of the period's values; recurring: of every value before the end (the carried total plus the
 *   period's), i.e. the running total at the period's end.
 * - MAX: the greatest of the period's values (values may be negative, so it can be below 0).
 * - LATEST: the value of the period's last event by timestamp, ties broken by the later ingestion (higher seq).
 * - UNIQUE_COUNT: see `uniqueCountUnits`; WEIGHTED_SUM: see `weightedSumUnits`.
 */
export function aggregateUnits(input: {
  events: readonly UsageEvent[];
  period: UsagePeriod;
  metric: MeteringAggregation;
}): Rational {
  const { events, period, metric } = input;
  const fieldName = metric.fieldName ?? '';
  switch (metric.aggregationType) {
    case 'COUNT':
      return unitsOf(BigInt(events.filter((event) => isInPeriod(event, period)).length));
    case 'SUM': {
      const counted = (event: UsageEvent) =>
        metric.recurring ? isBefore(event, period.end) : isInPeriod(event, period);
      return sumUnits(valuesOf(events.filter(counted), fieldName).map(({ value }) => unitsOf(value)));
    }
    case 'MAX':
      return greatestValue(valuesOf(inPeriod(events, period), fieldName));
    case 'LATEST':
      return latestValue(valuesOf(inPeriod(events, period), fieldName));
    case 'UNIQUE_COUNT':
      return uniqueCountUnits({ events, period, fieldName, recurring: metric.recurring });
    case 'WEIGHTED_SUM':
      return weightedSumUnits({ events, period, fieldName, recurring: metric.recurring });
  }
}

const inPeriod = (events: readonly UsageEvent[], period: UsagePeriod) =>
  events.filter((event) => isInPeriod(event, period));

function valuesOf(events: readonly UsageEvent[], fieldName: string): EventValue[] {
  return events.flatMap((event) => {
    const value = readPropertyNumber(event.properties[fieldName]);
    return value === undefined ? [] : [{ event, value }];
  });
}

interface EventValue {
  event: UsageEvent;
  value: Decimal;
}

function greatestValue(values: readonly EventValue[]): Rational {
  let greatest: Rational | undefined;
  for (const { value } of values) {
    const units = unitsOf(value);
    if (greatest === undefined || compareUnits(units, greatest) > 0) greatest = units;
  }
  return greatest ?? ZERO_UNITS;
}

function latestValue(values: readonly EventValue[]): Rational {
  let latest: EventValue | undefined;
  for (const candidate of values) {
    if (latest === undefined || compareEventOrder(candidate.event, latest.event) > 0) latest = candidate;
  }
  return latest === undefined ? ZERO_UNITS : unitsOf(latest.value);
}
