import type { BillingInterval } from '../periods';
import type { SubscriptionStatus } from '../subscriptions';
import { monthlyAmount } from './monthly-amount';

/** One row of a subscription's history: the state it entered at `effectiveAt`, its price as exact monthly units. */
export interface SubscriptionChange {
  subscriptionId: string;
  customerId: string;
  planId: string;
  currency: string;
  status: SubscriptionStatus;
  /** The plan's price per month in units of MRR_SCALE (monthlyAmount). */
  monthly: bigint;
  /** The plan's billing interval: a fixed-amount coupon comes off each of its invoices, so per month it is scaled too. */
  interval: BillingInterval;
  effectiveAt: Date;
}

/** A coupon applied to a customer that discounts every invoice while it lasts (frequency RECURRING or FOREVER). */
export interface RecurringCoupon {
  customerId: string;
  /** Percent off with four decimals as an integer: 12.5% is 125000. Null for a fixed amount. */
  percentTenThousandths: bigint | null;
  /** Amount off each invoice, in minor units of `currency`; null for a percentage. */
  amountMinor: bigint | null;
  currency: string | null;
  /** The plans it is restricted to; empty for every plan. */
  planIds: readonly string[];
  appliedAt: Date;
  endedAt: Date | null;
}

/** MRR counts a subscription that is billing its plan: ACTIVE or PAST_DUE (live). */
export const isLive = (status: SubscriptionStatus): boolean => status === 'ACTIVE' || status === 'PAST_DUE';

/** A customer kept (not churned): a live or a PAUSED subscription. A trial alone is not yet a paying customer. */
export const isHeld = (status: SubscriptionStatus): boolean => isLive(status) || status === 'PAUSED';

/** What one customer pays per month in one currency at an instant, after its recurring coupons, and per plan. */
export interface CustomerMrr {
  total: bigint;
  byPlan: Map<string, bigint>;
  held: boolean;
}

/**
 * The MRR of a customer's subscriptions in `currency` (their latest states): live subscriptions' monthly price, less
 * the recurring coupons running at `at`, oldest applied first, each on what the ones before left. A coupon's discount
 * is split over the subscriptions it applies to in proportion to their MRR, so `byPlan` carries each plan's share.
 */
export function customerMrr(input: {
  states: readonly SubscriptionChange[];
  coupons: readonly RecurringCoupon[];
  currency: string;
  at: Date;
}): CustomerMrr {
  const mine = input.states.filter((state) => state.currency === input.currency);
  const live = mine.filter((state) => isLive(state.status));
  const remaining = live.map((state) => state.monthly);
  const running = input.coupons.filter(
    (coupon) => coupon.appliedAt <= input.at && (coupon.endedAt === null || coupon.endedAt > input.at),
  );
  for (const coupon of running) {
    const eligible = live.map((state) => coupon.planIds.length === 0 || coupon.planIds.includes(state.planId));
    if (coupon.percentTenThousandths !== null) {
      const base = sumWhere(remaining, eligible);
      takeDiscount(remaining, eligible, (base * coupon.percentTenThousandths) / 1_000_000n);
    } else takeFixedAmount(remaining, { live, eligible, coupon, currency: input.currency });
  }
  const byPlan = new Map<string, bigint>();
  live.forEach((state, index) => byPlan.set(state.planId, (byPlan.get(state.planId) ?? 0n) + (remaining[index] ?? 0n)));
  return {
    total: remaining.reduce((sum, part) => sum + part, 0n),
    byPlan,
    held: mine.some((state) => isHeld(state.status)),
  };
}

function sumWhere(amounts: readonly bigint[], eligible: readonly boolean[]): bigint {
  return amounts.reduce((sum, amount, index) => (eligible[index] === true ? sum + amount : sum), 0n);
}

/**
 * A fixed amount comes off each invoice of each subscription it applies to (as invoices take it), never below zero:
 * per month, the amount made monthly by that subscription's interval. One in another currency takes nothing off
 * (amounts are never converted).
 */
function takeFixedAmount(
  amounts: bigint[],
  input: {
    live: readonly SubscriptionChange[];
    eligible: readonly boolean[];
    coupon: RecurringCoupon;
    currency: string;
  },
): void {
  const { coupon } = input;
  if (coupon.currency !== input.currency || coupon.amountMinor === null) return;
  const amountMinor = coupon.amountMinor;
  input.live.forEach((state, index) => {
    const amount = amounts[index] ?? 0n;
    if (input.eligible[index] !== true) return;
    const off = monthlyAmount(amountMinor, state.interval);
    amounts[index] = off < amount ? amount - off : 0n;
  });
}

/** Takes `discount` off the eligible amounts in proportion to them; the last eligible one takes the remainder. */
function takeDiscount(amounts: bigint[], eligible: readonly boolean[], discount: bigint): void {
  const base = sumWhere(amounts, eligible);
  if (base === 0n || discount === 0n) return;
  const indexes = amounts.flatMap((_, index) => (eligible[index] === true ? [index] : []));
  let left = discount;
  indexes.forEach((index, position) => {
    const amount = amounts[index] ?? 0n;
    const share = position === indexes.length - 1 ? left : (discount * amount) / base;
    amounts[index] = amount - share;
    left -= share;
  });
}
