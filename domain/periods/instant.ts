import { DateTime } from 'luxon';

import { PeriodInvariantError } from './period-error';

/** A point on the timeline: a Date, or an ISO 8601 string with an offset ('2026-01-31T10:00:00.000Z'). */
export type Instant = Date | string;

// A string without an offset is a wall-clock time, not an instant; guessing its zone would shift periods silently.
const EXPLICIT_OFFSET = /T[\d:.,]+(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

export function readInstant(instant: Instant): Date {
  if (instant instanceof Date) {
    if (Number.isNaN(instant.getTime())) throw new PeriodInvariantError('Invalid Date');
    return instant;
  }
  const parsed = DateTime.fromISO(instant, { setZone: true });
  if (!EXPLICIT_OFFSET.test(instant) || !parsed.isValid) {
    throw new PeriodInvariantError(`Not an ISO 8601 instant with an offset: ${JSON.stringify(instant)}`);
  }
  return parsed.toJSDate();
}

/** The instant seen on the wall clocks of `timeZone`; an invalid zone is a broken invariant. */
export function toZonedDateTime(instant: Date, timeZone: string): DateTime<true> {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  if (!local.isValid) throw new PeriodInvariantError(`Invalid time zone: ${JSON.stringify(timeZone)}`);
  return local;
}
