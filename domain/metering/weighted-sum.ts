import { createRational, type Rational } from '../money';
import { addUnits, multiplyUnits, sumUnits, unitsOf, ZERO_UNITS } from './exact-units';
import {
  compareEventOrder,
  instantOf,
  isBefore,
  isInPeriod,
  readPropertyNumber,
  type UsageEvent,
  type UsagePeriod,
} from './usage-event';

/**
 * WEIGHTED_SUM (Lago's): each event's value is a delta of a running total (+2 seats, -1 seat); the units are the
 * total weighted by how long it held, over the whole period: Σ total × seconds held / seconds in the period. The
 * total starts the period at 0, or, for a recurring metric, at the sum of every earlier delta (the closing total of
 * the periods before). It is computed here literally, interval by interval, in event order; the SQL path sums the
 * same quantity rearranged (each delta times the time from it to the period end) and the property test holds the
 * two equal. The result is an exact fraction, never rounded: 3,546,002 / 2,678,400 units in January 2022's fixture.
 * A period of no length has 0 units.
 */
export function weightedSumUnits(input: {
  events: readonly UsageEvent[];
  period: UsagePeriod;
  fieldName: string;
  recurring: boolean;
}): Rational {
  const { events, period, fieldName } = input;
  const start = instantOf(period.start);
  const end = instantOf(period.end);
  if (end <= start) return ZERO_UNITS;
  const deltaOf = (event: UsageEvent) => readPropertyNumber(event.properties[fieldName]);
  const opening = input.recurring
    ? sumUnits(events.flatMap((event) => valueBefore(event, period.start, deltaOf(event))))
    : ZERO_UNITS;
  const changes = events
    .filter((event) => isInPeriod(event, period) && deltaOf(event) !== undefined)
    .sort(compareEventOrder);
  let total = opening;
  let heldSince = start;
  let weighted = ZERO_UNITS; // in units × milliseconds
  for (const event of changes) {
    const at = instantOf(event.timestamp);
    weighted = addUnits(weighted, multiplyUnits(total, unitsOf(BigInt(at - heldSince))));
    total = addUnits(total, unitsOf(deltaOf(event) ?? 0n));
    heldSince = at;
  }
  weighted = addUnits(weighted, multiplyUnits(total, unitsOf(BigInt(end - heldSince))));
  return multiplyUnits(weighted, createRational(1n, BigInt(end - start)));
}

function valueBefore(event: UsageEvent, instant: Date | number, value: ReturnType<typeof readPropertyNumber>) {
  return value !== undefined && isBefore(event, instant) ? [unitsOf(value)] : [];
}
