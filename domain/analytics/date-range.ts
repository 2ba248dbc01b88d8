/**
 * The period an analytics answer covers: whole UTC days, `dateFrom` 00:00:00.000Z up to the end of `dateTo`, held
 * as the half-open interval [from, until). Without dates: the first day of the month 11 months before today through
 * today, so that `months` lists 12 calendar months.
 */
export interface AnalyticsRange {
  from: Date;
  /** The instant right after the range: 00:00:00.000Z of the day after `dateTo`. */
  until: Date;
  /** Every calendar month the range touches, `YYYY-MM`, oldest first. */
  months: string[];
}

export type RangeResult = { ok: true; value: AnalyticsRange } | { ok: false; field: 'dateFrom'; message: string };

const DAY_MS = 86_400_000;

/** Ten years and their leap days. */
export const MAX_RANGE_DAYS = 3653;

const startOfUtcDay = (instant: Date): Date =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));

/** `YYYY-MM-DD` as its UTC midnight; the API has already checked that it is a calendar date. */
export function utcDay(date: string): Date {
  return new Date(`${date.slice(0, 10)}T00:00:00.000Z`);
}

const isDateOnly = (value: string): boolean => value.length === 10;

/**
 * The range of the query; `dateFrom` after `dateTo` is refused. A date is a whole UTC day, a timestamp an exact bound.
 * `today` is the caller's business time.
 */
export function analyticsRange(query: { dateFrom?: string; dateTo?: string; today: Date }): RangeResult {
  const until =
    query.dateTo === undefined
      ? new Date(startOfUtcDay(query.today).getTime() + DAY_MS)
      : isDateOnly(query.dateTo)
        ? new Date(utcDay(query.dateTo).getTime() + DAY_MS)
        : new Date(query.dateTo);
  const lastDay = startOfUtcDay(new Date(until.getTime() - 1));
  const from =
    query.dateFrom === undefined
      ? new Date(Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth() - 11, 1))
      : isDateOnly(query.dateFrom)
        ? utcDay(query.dateFrom)
        : new Date(query.dateFrom);
  // A date `dateTo` runs through the end of its day: `dateFrom` is after it only from the next day on (the same day
  // twice is a range of one day, and a timestamp within that day starts a part of it). Equal timestamps are an empty
  // range, not a reversed one. Without `dateTo` the range ends with today, a date.
  const reversed =
    query.dateTo === undefined || isDateOnly(query.dateTo)
      ? from.getTime() >= until.getTime()
      : from.getTime() > until.getTime();
  if (reversed) {
    return { ok: false, field: 'dateFrom', message: 'must not be after dateTo' };
  }
  // Every answer lists each month of its range: a bound keeps one request from asking for centuries of them.
  if (until.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    return { ok: false, field: 'dateFrom', message: `must be at most ${MAX_RANGE_DAYS} days before dateTo` };
  }
  return { ok: true, value: { from, until, months: monthsBetween(from, until) } };
}

/** `YYYY-MM` of an instant in UTC. */
export function monthOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** The first instant of the month after `month` (`YYYY-MM`). */
export function endOfMonth(month: string): Date {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, index ?? 1, 1));
}

function monthsBetween(from: Date, until: Date): string[] {
  const months: string[] = [];
  let cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor.getTime() < until.getTime()) {
    months.push(monthOf(cursor));
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
  }
  return months;
}
