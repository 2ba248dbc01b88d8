import { type Instant, readInstant, toZonedDateTime } from './instant';

export interface CalendarDaySpan {
  readonly start: Instant;
  readonly end: Instant;
  /** IANA name, validated where it entered the system; an invalid one throws. */
  readonly timeZone: string;
}

const MILLISECONDS_PER_DAY = 86_400_000;

/**
 * CONTRACT §7: proration counts calendar days in the customer's time zone between the local dates of two instants.
 * Only the dates count, not the hours: 23:30 → 00:30 the next local day is 1, a 23- or 25-hour DST day is 1.
 * Negative when `end` falls on an earlier local date than `start`.
 */
export function countCalendarDays(span: CalendarDaySpan): number {
  return localDayNumber(span.end, span.timeZone) - localDayNumber(span.start, span.timeZone);
}

/** Days since 1970-01-01 of the instant's local date: UTC midnights are exactly a day apart. */
function localDayNumber(instant: Instant, timeZone: string): number {
  const local = toZonedDateTime(readInstant(instant), timeZone);
  return Date.UTC(local.year, local.month - 1, local.day) / MILLISECONDS_PER_DAY;
}
