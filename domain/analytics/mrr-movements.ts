import { customerMrr, type CustomerMrr, type RecurringCoupon, type SubscriptionChange } from './recurring-state';

/** Exact MRR movements of one currency over a range (units of MRR_SCALE); contraction and churned are positive. */
export interface MrrMovements {
  currency: string;
  start: bigint;
  end: bigint;
  new: bigint;
  expansion: bigint;
  contraction: bigint;
  churned: bigint;
  /** MRR at the end of the range per plan. */
  endByPlan: Map<string, bigint>;
  /** Customers that stopped being held (no live or paused subscription left) inside the range. */
  churnedCustomers: Set<string>;
}

/** Everything MRR depends on, up to the end of the range: subscription changes and recurring coupons. */
export interface RecurringHistory {
  changes: readonly SubscriptionChange[];
  coupons: readonly RecurringCoupon[];
}

/**
 * Walks every customer's history through [from, until) and sorts each change of its MRR, per currency:
 * - from zero to more: `new` if the customer was not held (first subscription, a trial converting, or a return after
 *   churn), else `expansion` (a resume);
 * - from more to zero: `churned` if nothing live or paused is left, else `contraction` (a pause);
 * - otherwise up is `expansion` (upgrade, coupon ending), down is `contraction` (downgrade, a second subscription
 *   ending, coupon starting).
 * Each movement is the exact difference of two MRRs, so new + expansion - contraction - churned = end - start.
 */
export function mrrMovements(history: RecurringHistory, range: { from: Date; until: Date }): MrrMovements[] {
  const byCurrency = new Map<string, MrrMovements>();
  const movementsOf = (currency: string): MrrMovements => {
    const found = byCurrency.get(currency) ?? emptyMovements(currency);
    byCurrency.set(currency, found);
    return found;
  };
  for (const customer of groupByCustomer(history)) {
    for (const currency of new Set(customer.changes.map((change) => change.currency))) {
      walkCustomer({ ...customer, currency, range, into: movementsOf(currency) });
    }
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

function emptyMovements(currency: string): MrrMovements {
  return {
    currency,
    start: 0n,
    end: 0n,
    new: 0n,
    expansion: 0n,
    contraction: 0n,
    churned: 0n,
    endByPlan: new Map(),
    churnedCustomers: new Set(),
  };
}

interface CustomerHistory {
  customerId: string;
  changes: SubscriptionChange[];
  coupons: RecurringCoupon[];
}

function groupByCustomer(history: RecurringHistory): CustomerHistory[] {
  const customers = new Map<string, CustomerHistory>();
  const customerOf = (customerId: string): CustomerHistory => {
    const found = customers.get(customerId) ?? { customerId, changes: [], coupons: [] };
    customers.set(customerId, found);
    return found;
  };
  for (const change of history.changes) customerOf(change.customerId).changes.push(change);
  for (const coupon of history.coupons) {
    if (customers.has(coupon.customerId)) customerOf(coupon.customerId).coupons.push(coupon);
  }
  return [...customers.values()];
}

/** The instants at which the customer's MRR can change inside the range, in order. */
function instantsWithin(customer: CustomerHistory, range: { from: Date; until: Date }): number[] {
  const instants = [
    ...customer.changes.map((change) => change.effectiveAt.getTime()),
    ...customer.coupons.flatMap((coupon) => [coupon.appliedAt.getTime(), coupon.endedAt?.getTime() ?? Infinity]),
  ].filter((instant) => instant >= range.from.getTime() && instant < range.until.getTime());
  return [...new Set(instants)].sort((a, b) => a - b);
}

/** The latest state of each subscription that took effect before `before` (exclusive). */
export function statesBefore(changes: readonly SubscriptionChange[], before: number): SubscriptionChange[] {
  const latest = new Map<string, SubscriptionChange>();
  for (const change of changes) {
    if (change.effectiveAt.getTime() >= before) continue;
    const known = latest.get(change.subscriptionId);
    if (known === undefined || known.effectiveAt.getTime() <= change.effectiveAt.getTime()) {
      latest.set(change.subscriptionId, change);
    }
  }
  return [...latest.values()];
}

function walkCustomer(
  input: CustomerHistory & { currency: string; range: { from: Date; until: Date } } & {
    into: MrrMovements;
  },
): void {
  const { currency, into, coupons } = input;
  // MRR at an instant counts what took effect strictly before it: at `until` everything inside the range counts.
  const mrrBefore = (instant: number): CustomerMrr =>
    customerMrr({ states: statesBefore(input.changes, instant), coupons, currency, at: new Date(instant - 1) });
  let previous = mrrBefore(input.range.from.getTime());
  into.start += previous.total;
  for (const instant of instantsWithin(input, input.range)) {
    const next = mrrBefore(instant + 1);
    classify(into, previous, next, input.customerId);
    previous = next;
  }
  into.end += previous.total;
  for (const [planId, amount] of previous.byPlan)
    into.endByPlan.set(planId, (into.endByPlan.get(planId) ?? 0n) + amount);
}

function classify(into: MrrMovements, before: CustomerMrr, after: CustomerMrr, customerId: string): void {
  if (before.held && !after.held) into.churnedCustomers.add(customerId);
  const delta = after.total - before.total;
  if (delta === 0n) return;
  if (before.total === 0n) {
    if (before.held) into.expansion += delta;
    else into.new += delta;
  } else if (after.total === 0n) {
    if (after.held) into.contraction -= delta;
    else into.churned -= delta;
  } else if (delta > 0n) into.expansion += delta;
  else into.contraction -= delta;
}
