import type { RecurringHistory } from './mrr-movements';
import { statesBefore } from './mrr-movements';
import { customerMrr } from './recurring-state';

/**
 * MRR per currency counting everything that took effect before `until` (units of MRR_SCALE), every currency with a
 * change before it included: what `mrrMovements` gives as `end` for a range ending at `until`, without walking the
 * range (nothing changes MRR between the last change or coupon inside a range and its end).
 */
export function mrrAtEnd(history: RecurringHistory, until: Date): Map<string, bigint> {
  const at = new Date(until.getTime() - 1);
  const changes = groupByCustomer(history.changes);
  const coupons = groupByCustomer(history.coupons);
  const totals = new Map<string, bigint>();
  for (const [customerId, customerChanges] of changes) {
    const states = statesBefore(customerChanges, until.getTime());
    for (const currency of new Set(customerChanges.map((change) => change.currency))) {
      const mrr = customerMrr({ states, coupons: coupons.get(customerId) ?? [], currency, at });
      totals.set(currency, (totals.get(currency) ?? 0n) + mrr.total);
    }
  }
  return totals;
}

function groupByCustomer<T extends { customerId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.customerId);
    if (group === undefined) groups.set(item.customerId, [item]);
    else group.push(item);
  }
  return groups;
}
