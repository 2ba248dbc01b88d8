import { formatMajorUnits, type CurrencyCode } from '../money';
import { chargeRemainingPart, creditUnusedPart, prorateFee, splitPeriodDays, type ProrationDays } from './proration';

/** An invoice line of a subscription, ready for `createInvoice` (amount already rounded once). */
export interface SubscriptionLine {
  readonly type: 'SUBSCRIPTION' | 'PRORATION';
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
  const creditMinor = creditUnusedPart({ feeMinor: input.oldPlan.feeMinor, days, ...input });
  const text = daysText(days.remainingDays, days.periodDays);
  const credit = line(
    {
      type: 'PRORATION',
      description: `Unused time on ${input.oldPlan.name} (${text})`,
      amountMinor: -creditMinor,
      periodStart: changeAt,
      periodEnd,
    },
    currency,
  );
  const charge = line(
    {
      type: 'PRORATION',
      description: `Remaining time on ${input.newPlan.name} (${text})`,
      amountMinor: chargeRemainingPart({ feeMinor: input.newPlan.feeMinor, days }),
      periodStart: changeAt,
      periodEnd,
    },
    currency,
  );
  return { credit, charge, days };
}
