import { unitsOf } from './exact-units';
import {
  compareEventOrder,
  isBefore,
  isInPeriod,
  propertyText,
  type UsageEvent,
  type UsagePeriod,
} from './usage-event';
import { type Rational } from '../money';

/** The property that makes a UNIQUE_COUNT event add or remove its value (CONTRACT §10). */
export const OPERATION_TYPE_KEY = 'operation_type';

const isRemoval = (event: UsageEvent): boolean => event.properties[OPERATION_TYPE_KEY] === 'remove';

/**
 * UNIQUE_COUNT: how many distinct values of `fieldName` (compared as strings, see `propertyText`); events without the
 * field count for nothing.
 * - Not recurring: the distinct values added during the period, i.e. of its events that are not removals
 *   (`operation_type: "remove"` on a non-recurring metric removes nothing: it is simply not a use).
 * - Recurring: the values active at the period's end (Lago's non-prorated persisted count). A value is active when
 *   its latest event before the end (by timestamp, then ingestion order), this period's or an earlier one's, is not a
 *   removal. Adding an active value again or removing an inactive one changes nothing. A value added and removed
 *   within the period is not billed; one added in an earlier period and never removed is billed every period.
 */
export function uniqueCountUnits(input: {
  events: readonly UsageEvent[];
  period: UsagePeriod;
  fieldName: string;
  recurring: boolean;
}): Rational {
  const { events, period, fieldName } = input;
  if (!input.recurring) {
    const added = new Set<string>();
    for (const event of events) {
      const value = propertyText(event.properties[fieldName]);
      if (value !== undefined && isInPeriod(event, period) && !isRemoval(event)) added.add(value);
    }
    return unitsOf(BigInt(added.size));
  }
  const latest = new Map<string, UsageEvent>();
  for (const event of events) {
    const value = propertyText(event.properties[fieldName]);
    if (value === undefined || !isBefore(event, period.end)) continue;
    const known = latest.get(value);
    if (known === undefined || compareEventOrder(event, known) > 0) latest.set(value, event);
  }
  const active = [...latest.values()].filter((event) => !isRemoval(event)).length;
  return unitsOf(BigInt(active));
}
