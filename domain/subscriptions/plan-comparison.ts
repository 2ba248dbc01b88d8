import type { BillingInterval } from '../periods';

/** What a plan change compares: the price in the subscription's currency and the interval it pays for. */
export interface PricedInterval {
  readonly amountMinor: bigint;
  readonly interval: BillingInterval;
}

// How many of each interval fit in a common span of 2,555 days (7 years of 365 days): 365 weeks, 84 months,
// 28 quarters, 7 years. amount × that count is the price of the span, so comparing it compares price per day exactly.
const INTERVALS_PER_SPAN: Readonly<Record<BillingInterval, bigint>> = {
  WEEKLY: 365n,
  MONTHLY: 84n,
  QUARTERLY: 28n,
  YEARLY: 7n,
};

/**
 * Issue 5 item 6: an upgrade is a higher price per day. Between the same interval that is the higher amount; across
 * intervals the amounts are compared over a common span of 7 years (2,555 days, an average year of 365 days). An
 * equal price per day is not an upgrade, so it waits for the period end like a downgrade.
 */
export function isUpgrade(input: { from: PricedInterval; to: PricedInterval }): boolean {
  const fromPerSpan = input.from.amountMinor * INTERVALS_PER_SPAN[input.from.interval];
  const toPerSpan = input.to.amountMinor * INTERVALS_PER_SPAN[input.to.interval];
  return toPerSpan > fromPerSpan;
}
