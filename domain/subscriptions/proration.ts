import { roundToMinorUnits } from '../money';
import { countCalendarDays, type Instant } from '../periods';

/** A billing period and the instant of a change inside it, read on the customer's local calendar. */
export interface ProrationSpan {
  readonly periodStart: Instant;
  readonly periodEnd: Instant;
  readonly changeAt: Instant;
  /** The customer's IANA time zone (validated where it entered the system). */
  readonly timeZone: string;
}

/** Whole local calendar days of a period split at a change; the change day belongs to the new state. */
export interface ProrationDays {
  /** Days before the change's local date: the old state used them. */
  readonly usedDays: number;
  /** Days from the change's local date to the period's end: the new state gets them. */
  readonly remainingDays: number;
  readonly periodDays: number;
}

/**
 * Issue 5 item 7 and CONTRACT §7: proration counts whole calendar days in the customer's time zone between the local
 * dates of the instants. A change on 2026-01-16 in the period 2026-01-01 → 2026-02-01 leaves 15 used and 16 remaining
 * of 31 days. A change before the period or after it is clamped to it, so no day is counted twice or negatively.
 */
export function splitPeriodDays(span: ProrationSpan): ProrationDays {
  const { timeZone } = span;
  const periodDays = countCalendarDays({ start: span.periodStart, end: span.periodEnd, timeZone });
  const rawUsed = countCalendarDays({ start: span.periodStart, end: span.changeAt, timeZone });
  const usedDays = Math.min(Math.max(rawUsed, 0), periodDays);
  return { usedDays, remainingDays: periodDays - usedDays, periodDays };
}

/**
 * fee × days / days in the period, rounded once (the line's one rounding, half away from zero, CONTRACT §5):
 * 30.00 × 16/31 = 15.4838… → 15.48. A period of zero days prorates to nothing.
 */
export function prorateFee(input: { feeMinor: bigint; days: number; periodDays: number }): bigint {
  if (input.periodDays <= 0 || input.days <= 0) return 0n;
  return roundToMinorUnits(input.feeMinor * BigInt(input.days), BigInt(input.periodDays));
}

/**
 * The credit for the unused part of a period paid in advance, never more than the period was invoiced for the plan
 * minus what has already been credited against it (a second change in the same period cannot refund twice).
 */
export function creditUnusedPart(input: {
  feeMinor: bigint;
  days: ProrationDays;
  invoicedMinor: bigint;
  creditedMinor: bigint;
}): bigint {
  const prorated = prorateFee({
    feeMinor: input.feeMinor,
    days: input.days.remainingDays,
    periodDays: input.days.periodDays,
  });
  const left = input.invoicedMinor - input.creditedMinor;
  if (left <= 0n) return 0n;
  return prorated < left ? prorated : left;
}

/** The charge for the used part of a period billed in arrears (a cancel, pause or change before its end). */
export function chargeUsedPart(input: { feeMinor: bigint; days: ProrationDays }): bigint {
  return prorateFee({ feeMinor: input.feeMinor, days: input.days.usedDays, periodDays: input.days.periodDays });
}

/** The charge for the rest of a period on a plan that starts at the change (the new plan of an upgrade). */
export function chargeRemainingPart(input: { feeMinor: bigint; days: ProrationDays }): bigint {
  return prorateFee({ feeMinor: input.feeMinor, days: input.days.remainingDays, periodDays: input.days.periodDays });
}
