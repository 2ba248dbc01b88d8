import type { InvoiceLineType } from '../invoices';
import { formatMajorUnits, type CurrencyCode } from '../money';
import { chargeRemainingPart, creditUnusedPart, prorateFee, splitPeriodDays, type ProrationDays } from './proration';

/** An invoice line of a subscription, ready for `createInvoice` (amount already rounded once). */
export interface SubscriptionLine {
  readonly type: Extract<InvoiceLineType, 'SUBSCRIPTION' | 'PRORATION'>;
  readonly description: string;
  readonly quantity: string;
  readonly unitAmount: string;
  readonly amountMinor: bigint;
  readonly periodStart: Date;
  readonly periodEnd: Date;
}

/** The plan as a line bills it. */
export interface BilledPlan {
  readonly name: string;
  readonly feeMinor: bigint;
}

export interface PeriodSegment {
  readonly periodStart: Date;
  readonly periodEnd: Date;
  /** The billed part of the period: the whole period, or the days before or after a change. */
  readonly from: Date;
  readonly until: Date;
  readonly timeZone: string;
  readonly currency: CurrencyCode;
}

const line = (input: Omit<SubscriptionLine, 'quantity' | 'unitAmount'>, currency: CurrencyCode): SubscriptionLine => ({
  ...input,
  // One unit of the prorated amount keeps quantity × unit amount = amount exactly.
  quantity: '1',
  unitAmount: formatMajorUnits({ amount: input.amountMinor, currency }),
});

const daysText = (days: number, periodDays: number): string => `${days} of ${periodDays} days`;

/**
 * The base fee of a period or of part of it: the whole fee as a SUBSCRIPTION line when the segment is the whole
 * period, else a PRORATION line for the segment's days (an IN_ARREARS plan changed, paused or canceled mid-period).
 */
export function buildFeeLine(plan: BilledPlan, segment: PeriodSegment): SubscriptionLine {
  const whole =
    segment.from.getTime() === segment.periodStart.getTime() && segment.until.getTime() === segment.periodEnd.getTime();
  if (whole) {
    const { periodStart, periodEnd } = segment;
    return line(
      { type: 'SUBSCRIPTION', description: plan.name, amountMinor: plan.feeMinor, periodStart, periodEnd },
      segment.currency,
    );
  }
  const span = { periodStart: segment.periodStart, periodEnd: segment.periodEnd, timeZone: segment.timeZone };
  const periodDays = splitPeriodDays({ ...span, changeAt: segment.from }).periodDays;
  const days =
    splitPeriodDays({ ...span, changeAt: segment.until }).usedDays -
    splitPeriodDays({ ...span, changeAt: segment.from }).usedDays;
  return line(
    {
      type: 'PRORATION',
      description: `${plan.name} (${daysText(days, periodDays)})`,
      amountMinor: prorateFee({ feeMinor: plan.feeMinor, days, periodDays }),
      periodStart: segment.from,
      periodEnd: segment.until,
    },
    segment.currency,
  );
}

export interface PlanChangeLines {
  readonly credit: SubscriptionLine;
  readonly charge: SubscriptionLine;
  readonly days: ProrationDays;
}

/** The old plan's unused days of an IN_ADVANCE period, as a negative PRORATION line from the change to its end. */
function buildUnusedCreditLine(input: {
  oldPlan: BilledPlan;
  changeAt: Date;
  periodEnd: Date;
  days: ProrationDays;
  currency: CurrencyCode;
  invoicedMinor: bigint;
  creditedMinor: bigint;
}): SubscriptionLine {
  const { days } = input;
  const creditMinor = creditUnusedPart({ feeMinor: input.oldPlan.feeMinor, ...input });
  return line(
    {
      type: 'PRORATION',
      description: `Unused time on ${input.oldPlan.name} (${daysText(days.remainingDays, days.periodDays)})`,
      amountMinor: -creditMinor,
      periodStart: input.changeAt,
      periodEnd: input.periodEnd,
    },
    input.currency,
  );
}

/**
 * Issue 5 item 6: an IN_ADVANCE plan changed now gets one invoice with a credit line for the unused days of the old
 * plan (capped at what the period was invoiced minus credited) and a charge line for the same days on the new plan.
 */
export function buildPlanChangeLines(input: {
  oldPlan: BilledPlan;
  newPlan: BilledPlan;
  changeAt: Date;
  periodStart: Date;
  periodEnd: Date;
  timeZone: string;
  currency: CurrencyCode;
  invoicedMinor: bigint;
  creditedMinor: bigint;
}): PlanChangeLines {
  const { periodEnd, changeAt, currency } = input;
  const days = splitPeriodDays({ ...input });
  const credit = buildUnusedCreditLine({ ...input, days });
  const charge = line(
    {
      type: 'PRORATION',
      description: `Remaining time on ${input.newPlan.name} (${daysText(days.remainingDays, days.periodDays)})`,
      amountMinor: chargeRemainingPart({ feeMinor: input.newPlan.feeMinor, days }),
      periodStart: changeAt,
      periodEnd,
    },
    currency,
  );
  return { credit, charge, days };
}

export interface IntervalChangeLines {
  /** Null when nothing of the old period is left to credit (the cap is reached). */
  readonly credit: SubscriptionLine | null;
  readonly charge: SubscriptionLine;
}

/**
 * A change to a plan of another billing interval, effective now, both plans IN_ADVANCE: the old period ends at the
 * change (its unused days credited exactly as a same-interval change credits them, capped the same way) and the new
 * plan's first period, anchored at the change, is charged in full. Stripe's presentation: one invoice with a
 * negative PRORATION line and the new period's SUBSCRIPTION line (the line coupons discount, as at any period start).
 */
export function buildIntervalChangeLines(input: {
  oldPlan: BilledPlan;
  newPlan: BilledPlan;
  changeAt: Date;
  oldPeriod: { start: Date; end: Date };
  newPeriod: { start: Date; end: Date };
  timeZone: string;
  currency: CurrencyCode;
  invoicedMinor: bigint;
  creditedMinor: bigint;
}): IntervalChangeLines {
  const { oldPeriod, newPeriod, timeZone, currency } = input;
  const days = splitPeriodDays({ periodStart: oldPeriod.start, periodEnd: oldPeriod.end, ...input });
  const credit = buildUnusedCreditLine({ ...input, periodEnd: oldPeriod.end, days });
  const charge = buildFeeLine(input.newPlan, {
    periodStart: newPeriod.start,
    periodEnd: newPeriod.end,
    from: newPeriod.start,
    until: newPeriod.end,
    timeZone,
    currency,
  });
  return { credit: credit.amountMinor === 0n ? null : credit, charge };
}
