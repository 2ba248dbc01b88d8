import { type DateTime, type DurationLikeObject } from 'luxon';

import { type Instant, readInstant, toZonedDateTime } from './instant';
import { fail, PeriodInvariantError, type PeriodResult, succeed } from './period-error';

/** How often a plan's periods repeat; listed in the order the API documents them. */
export const BILLING_INTERVALS = ['MONTHLY', 'QUARTERLY', 'YEARLY', 'WEEKLY'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The anniversary calendar of a subscription: periods repeat from `anchor` in the customer's `timeZone`. */
export interface BillingSchedule {
  readonly anchor: Instant;
  readonly interval: BillingInterval;
  /** IANA name, validated where it entered the system (`parseTimeZone`); an invalid one throws here. */
  readonly timeZone: string;
}

/** Period `index` (0-based) of a schedule: `start` inclusive, `end` exclusive (the next period's start). */
export interface BillingPeriod {
  readonly index: number;
  readonly start: Date;
  readonly end: Date;
}

/**
 * Period `index` starts `index` intervals after the anchor on the local calendar, at the anchor's local wall time,
 * the day clamped to the month's end but the anchor's day kept: anchor Jan 31 → Feb 28 (29) → Mar 31 → Apr 30.
 * Each start is computed from the anchor, never chained from the previous clamped date, which would drift to the 28th.
 * DST: wall time is kept, so a period spanning a change is an hour shorter or longer. A wall time that does not exist
 * on the target day (spring-forward gap) moves forward by the gap (02:30 → 03:30); an ambiguous one (autumn fold)
 * takes the anchor's UTC offset when that offset exists on the day, otherwise the other one (luxon's rule).
 */
export function computeBillingPeriod(schedule: BillingSchedule, index: number): BillingPeriod {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new PeriodInvariantError(`A period index is a non-negative integer, got ${index}`);
  }
  const anchor = localAnchor(schedule);
  return periodAt(anchor, schedule.interval, index);
}

/**
 * The period in which `instant` falls; an instant equal to a period's end belongs to the next period. An instant
 * before the anchor has no period (`instant_before_anchor`), e.g. a subscription that starts in the future.
 */
export function findPeriodContaining(schedule: BillingSchedule, instant: Instant): PeriodResult<BillingPeriod> {
  const anchor = localAnchor(schedule);
  const at = readInstant(instant);
  if (at < anchor.toJSDate()) {
    return fail('instant_before_anchor', `${at.toISOString()} is before the anchor ${anchor.toUTC().toISO()}`);
  }
  let index = estimateIndex(anchor, toZonedDateTime(at, anchor.zoneName), schedule.interval);
  while (index > 0 && startOf(anchor, schedule.interval, index) > at) index -= 1;
  while (startOf(anchor, schedule.interval, index + 1) <= at) index += 1;
  return succeed(periodAt(anchor, schedule.interval, index));
}

/** The first period starting strictly after `instant`: the next boundary a subscription workflow waits for. */
export function findNextPeriod(schedule: BillingSchedule, instant: Instant): BillingPeriod {
  const containing = findPeriodContaining(schedule, instant);
  return computeBillingPeriod(schedule, containing.ok ? containing.value.index + 1 : 0);
}

function localAnchor(schedule: BillingSchedule): DateTime<true> {
  return toZonedDateTime(readInstant(schedule.anchor), schedule.timeZone);
}

function periodAt(anchor: DateTime<true>, interval: BillingInterval, index: number): BillingPeriod {
  return { index, start: startOf(anchor, interval, index), end: startOf(anchor, interval, index + 1) };
}

function startOf(anchor: DateTime<true>, interval: BillingInterval, index: number): Date {
  // luxon adds calendar units on the local calendar, keeps the wall time and clamps the day to the month's end.
  return anchor.plus(intervalsOf(interval, index)).toJSDate();
}

function intervalsOf(interval: BillingInterval, count: number): DurationLikeObject {
  switch (interval) {
    case 'WEEKLY':
      return { days: 7 * count };
    case 'MONTHLY':
      return { months: count };
    case 'QUARTERLY':
      return { months: 3 * count };
    case 'YEARLY':
      return { years: count };
  }
}

/** A guess within one or two periods of the answer, from local calendar fields; the caller corrects it. */
function estimateIndex(anchor: DateTime<true>, at: DateTime<true>, interval: BillingInterval): number {
  const months = (at.year - anchor.year) * 12 + (at.month - anchor.month);
  switch (interval) {
    case 'WEEKLY':
      return Math.max(0, Math.floor(at.diff(anchor, 'days').days / 7));
    case 'MONTHLY':
      return Math.max(0, months);
    case 'QUARTERLY':
      return Math.max(0, Math.floor(months / 3));
    case 'YEARLY':
      return Math.max(0, Math.floor(months / 12));
  }
}
