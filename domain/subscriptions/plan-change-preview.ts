import type { CurrencyCode } from '../money';
import type { BillingInterval, BillingTiming } from '../periods';
import { buildFeeLine, buildPlanChangeLines, type SubscriptionLine } from './billing-lines';
import { isUpgrade } from './plan-comparison';
import { creditUnusedPart, splitPeriodDays } from './proration';

/** A plan as a preview compares and bills it, in the subscription's currency. */
export interface PreviewPlan {
  readonly name: string;
  readonly feeMinor: bigint;
  readonly interval: BillingInterval;
  readonly timing: BillingTiming;
}

/** What a plan change with the default timing (upgrade now, downgrade at period end) will bill, line by line. */
export interface PlanChangePreview {
  readonly effective: 'now' | 'period_end';
  /** Billed at the change: an IN_ADVANCE pair's credit and charge, an IN_ARREARS old plan's days so far. */
  readonly now: readonly SubscriptionLine[];
  /** The old plan's unused days paid in advance, returned as a credit note when the new plan is billed in arrears. */
  readonly creditedMinor: bigint;
  /** The new plan's rest of the current period, billed at the period's end (a plan billed in arrears). */
  readonly atPeriodEnd: readonly SubscriptionLine[];
  /** What the change's invoice at once comes to (credit lines included); never the usage so far. */
  readonly totalNowMinor: bigint;
}

export interface PlanChangePreviewInput {
  readonly from: PreviewPlan;
  readonly to: PreviewPlan;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly now: Date;
  readonly timeZone: string;
  readonly currency: CurrencyCode;
  /**
   * What the current period was invoiced on the current plan and what was credited of it since: the cap of an
   * IN_ADVANCE credit (a second change in a period cannot refund twice).
   */
  readonly invoicedMinor: bigint;
  readonly creditedMinor: bigint;
}

const sum = (lines: readonly SubscriptionLine[]): bigint => lines.reduce((total, line) => total + line.amountMinor, 0n);

/**
 * The proration a same-interval plan change will bill, with the rules the subscription workflow applies: a higher
 * price per day is an upgrade effective now, anything else waits for the period end and bills nothing now. An
 * upgrade between IN_ADVANCE plans is one invoice crediting the old plan's unused days and charging them on the new
 * one; otherwise the old plan settles like a cancel (its days so far charged if billed in arrears, its unused days
 * credited if paid in advance) and the new plan bills the rest of the period on its own timing.
 */
export function previewPlanChange(input: PlanChangePreviewInput): PlanChangePreview {
  const { from, to, now, periodEnd } = input;
  const upgrade = isUpgrade({
    from: { amountMinor: from.feeMinor, interval: from.interval },
    to: { amountMinor: to.feeMinor, interval: to.interval },
  });
  if (!upgrade) return { effective: 'period_end', now: [], creditedMinor: 0n, atPeriodEnd: [], totalNowMinor: 0n };
  if (from.timing === 'IN_ADVANCE' && to.timing === 'IN_ADVANCE') {
    const lines = buildPlanChangeLines({ ...input, oldPlan: from, newPlan: to, changeAt: now });
    const billed = [lines.credit, lines.charge];
    return { effective: 'now', now: billed, creditedMinor: 0n, atPeriodEnd: [], totalNowMinor: sum(billed) };
  }
  const segment = { ...input, currency: input.currency };
  const oldDays =
    from.timing === 'IN_ARREARS' ? [buildFeeLine(from, { ...segment, from: input.periodStart, until: now })] : [];
  const newRest = buildFeeLine(to, { ...segment, from: now, until: periodEnd });
  const billedNow = to.timing === 'IN_ADVANCE' ? [...oldDays, newRest] : oldDays;
  const days = splitPeriodDays({ ...input, changeAt: now });
  const credited = from.timing === 'IN_ADVANCE' ? creditUnusedPart({ feeMinor: from.feeMinor, days, ...input }) : 0n;
  return {
    effective: 'now',
    now: billedNow,
    creditedMinor: credited,
    atPeriodEnd: to.timing === 'IN_ARREARS' ? [newRest] : [],
    totalNowMinor: sum(billedNow),
  };
}
