import fc from 'fast-check';
import type { SubscriptionStatus } from '../subscriptions';
import { monthlyAmount } from './monthly-amount';
import { roundMovements } from './movement-rounding';
import { mrrAtEnd } from './mrr-at-end';
import { mrrMovements } from './mrr-movements';
import type { RecurringCoupon, SubscriptionChange } from './recurring-state';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const STATUSES: SubscriptionStatus[] = ['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE', 'CANCELED'];

const change = fc.record({
  subscription: fc.integer({ min: 0, max: 5 }),
  customer: fc.integer({ min: 0, max: 2 }),
  plan: fc.constantFrom('plan_a', 'plan_b'),
  currency: fc.constantFrom('USD', 'EUR'),
  status: fc.constantFrom(...STATUSES),
  amountMinor: fc.bigInt({ min: 0n, max: 100_000n }),
  interval: fc.constantFrom('WEEKLY' as const, 'MONTHLY' as const, 'QUARTERLY' as const, 'YEARLY' as const),
  day: fc.integer({ min: 0, max: 200 }),
});

const coupon = fc.record({
  customer: fc.integer({ min: 0, max: 2 }),
  percent: fc.option(fc.bigInt({ min: 1n, max: 1_000_000n }), { nil: null }),
  amountMinor: fc.bigInt({ min: 1n, max: 5_000n }),
  from: fc.integer({ min: 0, max: 200 }),
  days: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
});

describe('MRR movements', () => {
  it('sum, per currency, to the change in MRR between the ends of any range, exactly and once rounded; the end is MRR at the end', () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 30 }),
        fc.array(coupon, { maxLength: 4 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (rows, coupons, fromDay, length) => {
          // A subscription keeps its customer and currency: the first row of each decides them.
          const owners = new Map<number, { customer: number; currency: string }>();
          const changes: SubscriptionChange[] = rows.map((row) => {
            const owner = owners.get(row.subscription) ?? { customer: row.customer, currency: row.currency };
            owners.set(row.subscription, owner);
            return {
              subscriptionId: `sub_${row.subscription}`,
              customerId: `cust_${owner.customer}`,
              planId: row.plan,
              currency: owner.currency,
              status: row.status,
              monthly: monthlyAmount(row.amountMinor, row.interval),
              interval: row.interval,
              effectiveAt: new Date(START + row.day * DAY),
            };
          });
          const recurring: RecurringCoupon[] = coupons.map((each) => ({
            customerId: `cust_${each.customer}`,
            percentTenThousandths: each.percent,
            amountMinor: each.percent === null ? each.amountMinor : null,
            currency: each.percent === null ? 'USD' : null,
            planIds: [],
            appliedAt: new Date(START + each.from * DAY),
            endedAt: each.days === null ? null : new Date(START + (each.from + each.days) * DAY),
          }));
          const range = { from: new Date(START + fromDay * DAY), until: new Date(START + (fromDay + length) * DAY) };
          const movements = mrrMovements({ changes, coupons: recurring }, range);
          // MRR at the end alone, without the walk, is the movements' end in every currency.
          const atEnd = mrrAtEnd({ changes, coupons: recurring }, range.until);
          expect([...atEnd.entries()].sort()).toEqual(movements.map((each) => [each.currency, each.end]));
          for (const exact of movements) {
            expect(exact.new + exact.expansion - exact.contraction - exact.churned).toBe(exact.end - exact.start);
            const rounded = roundMovements(exact);
            expect(rounded.new + rounded.expansion - rounded.contraction - rounded.churned).toBe(rounded.netNew);
            expect(rounded.netNew).toBe(rounded.end - rounded.start);
            for (const figure of [rounded.new, rounded.expansion, rounded.contraction, rounded.churned]) {
              expect(figure >= 0n).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
