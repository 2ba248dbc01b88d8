import type { BillingInterval } from '../periods';
import { monthlyAmount, toMinorUnits } from './monthly-amount';
import { customerMrr, type RecurringCoupon, type SubscriptionChange } from './recurring-state';

const AT = new Date('2026-06-01T00:00:00.000Z');

const live = (subscriptionId: string, amountMinor: bigint, interval: BillingInterval): SubscriptionChange => ({
  subscriptionId,
  customerId: 'cust_1',
  planId: `plan_${subscriptionId}`,
  currency: 'USD',
  status: 'ACTIVE',
  monthly: monthlyAmount(amountMinor, interval),
  interval,
  effectiveAt: new Date('2026-01-01T00:00:00.000Z'),
});

const coupon = (terms: Partial<RecurringCoupon>): RecurringCoupon => ({
  customerId: 'cust_1',
  percentTenThousandths: null,
  amountMinor: null,
  currency: 'USD',
  planIds: [],
  appliedAt: new Date('2026-01-01T00:00:00.000Z'),
  endedAt: null,
  ...terms,
});

const mrrOf = (states: SubscriptionChange[], coupons: RecurringCoupon[]) => {
  const mrr = customerMrr({ states, coupons, currency: 'USD', at: AT });
  return {
    total: toMinorUnits(mrr.total),
    byPlan: Object.fromEntries([...mrr.byPlan].map(([plan, amount]) => [plan, toMinorUnits(amount)])),
  };
};

describe('a customer’s MRR after recurring coupons (known answers)', () => {
  it('a fixed amount comes off each invoice: a yearly 1,200.00 less 120.00 is 90.00 a month', () => {
    expect(mrrOf([live('y', 120_000n, 'YEARLY')], [coupon({ amountMinor: 12_000n })]).total).toBe(9_000n);
  });

  it('a fixed amount comes off each subscription it applies to, never below zero', () => {
    const states = [live('a', 5_000n, 'MONTHLY'), live('b', 3_000n, 'MONTHLY')];
    expect(mrrOf(states, [coupon({ amountMinor: 4_000n })])).toEqual({
      total: 1_000n,
      byPlan: { plan_a: 1_000n, plan_b: 0n },
    });
  });

  it('a weekly 10.00 less 1.00 a week is 39.00 a month (52/12 weeks)', () => {
    expect(mrrOf([live('w', 1_000n, 'WEEKLY')], [coupon({ amountMinor: 100n })]).total).toBe(3_900n);
  });

  it('a percentage takes its share of every interval alike; a fixed amount in another currency takes nothing', () => {
    const states = [live('y', 120_000n, 'YEARLY'), live('m', 3_000n, 'MONTHLY')];
    const quarter = coupon({ percentTenThousandths: 250_000n, currency: null });
    expect(mrrOf(states, [quarter, coupon({ amountMinor: 500n, currency: 'EUR' })]).total).toBe(9_750n);
  });

  it('coupons run in the order applied, each on what the ones before left', () => {
    const half = coupon({ percentTenThousandths: 500_000n, currency: null });
    const tenOff = coupon({ amountMinor: 1_000n, appliedAt: new Date('2026-02-01T00:00:00.000Z') });
    expect(mrrOf([live('m', 3_000n, 'MONTHLY')], [half, tenOff]).total).toBe(500n);
  });
});
