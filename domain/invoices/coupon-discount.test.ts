import fc from 'fast-check';
import type { CouponTerms } from '../coupons';
import type { InvoiceLineType } from './invoice-status';
import { toCurrencyCode } from '../money';
import {
  applyCoupons,
  consumeCoupon,
  couponAmount,
  hasDiscountableLines,
  reapplyCoupons,
  totalDiscount,
  type DiscountableLine,
  type DiscountCandidate,
} from './coupon-discount';

const USD = toCurrencyCode('USD');
const EUR = toCurrencyCode('EUR');
const JPY = toCurrencyCode('JPY');

const percent = (percentage: string): CouponTerms => ({ discountType: 'PERCENTAGE', percentage });
const fixed = (amountMinor: bigint, currency = USD): CouponTerms => ({
  discountType: 'FIXED_AMOUNT',
  amountMinor,
  currency,
});
const candidate = (id: string, terms: CouponTerms, extra: Partial<DiscountCandidate> = {}): DiscountCandidate => ({
  appliedCouponId: id,
  couponCode: id.toUpperCase(),
  terms,
  frequency: 'FOREVER',
  remainingPeriods: null,
  frequencyDuration: null,
  planIds: [],
  billableMetricIds: [],
  ...extra,
});
const line = (type: InvoiceLineType, amountMinor: bigint, billableMetricId?: string): DiscountableLine => ({
  type,
  amountMinor,
  billableMetricId: billableMetricId ?? null,
});
/** The discounts of a subscription invoice (plan_a) whose one SUBSCRIPTION line is `feeMinor`. */
const discounts = (feeMinor: bigint, coupons: DiscountCandidate[], extra: { planId?: string | null } = {}) =>
  applyCoupons({
    currency: USD,
    subscriptionId: 'sub_1',
    planId: extra.planId === undefined ? 'plan_a' : extra.planId,
    lines: [line('SUBSCRIPTION', feeMinor)],
    coupons,
  });

describe('what coupons discount', () => {
  const everyKind = [
    line('SUBSCRIPTION', 3000n),
    line('PRORATION', -1000n),
    line('USAGE', 500n, 'bm_calls'),
    line('ADD_ON', 700n),
    line('MANUAL', 900n),
    line('SUBSCRIPTION', 1000n),
  ];
  const only = (coupon: DiscountCandidate, subscriptionId: string | null = 'sub_1') =>
    applyCoupons({ currency: USD, subscriptionId, planId: 'plan_a', lines: everyKind, coupons: [coupon] });

  it('is the fee lines of a subscription invoice, never proration, usage, add-ons or manual lines', () => {
    expect(only(candidate('all', percent('100')))).toEqual([
      { appliedCouponId: 'all', couponCode: 'ALL', amountMinor: 4000n },
    ]);
  });

  it('is only the usage lines of its metrics for a coupon limited to billable metrics', () => {
    expect(only(candidate('calls', percent('100'), { billableMetricIds: ['bm_calls'] }))).toEqual([
      { appliedCouponId: 'calls', couponCode: 'CALLS', amountMinor: 500n },
    ]);
    expect(only(candidate('other', percent('100'), { billableMetricIds: ['bm_other'] }))).toEqual([]);
  });

  it('is nothing on an invoice of no subscription, unless a coupon is limited to a metric it bills', () => {
    expect(only(candidate('all', percent('100')), null)).toEqual([]);
    expect(totalDiscount(only(candidate('calls', percent('100'), { billableMetricIds: ['bm_calls'] }), null))).toBe(
      500n,
    );
  });

  it.each<[string, string | null, DiscountableLine[], boolean]>([
    ['a renewal', 'sub_1', [line('SUBSCRIPTION', 3000n)], true],
    ['usage of a metric', 'sub_1', [line('USAGE', 10n, 'bm_calls')], true],
    ['a proration-only invoice', 'sub_1', [line('PRORATION', 2000n)], false],
    ['a fee line of no subscription', null, [line('SUBSCRIPTION', 3000n), line('MANUAL', 900n)], false],
    ['a credit purchase', null, [line('CREDIT', 5000n)], false],
    ['lines of zero', 'sub_1', [line('SUBSCRIPTION', 0n), line('USAGE', 0n, 'bm_calls')], false],
    ['an empty invoice', 'sub_1', [], false],
  ])('whether a coupon may discount %s', (_case, subscriptionId, lines, expected) => {
    expect(hasDiscountableLines({ subscriptionId, lines })).toBe(expected);
  });
});

describe('coupon amounts', () => {
  it.each([
    ['20% of 29.00 is 5.80', percent('20'), 2900n, 580n],
    ['33.3333% of 10.00 is 3.33', percent('33.3333'), 1000n, 333n],
    ['12.5% of 0.20 is 0.025, rounded half away from zero to 0.03', percent('12.5'), 20n, 3n],
    ['100% of 30.00 is 30.00', percent('100'), 3000n, 3000n],
    ['a fixed 50.00 is 50.00 before the cap', fixed(5000n), 3000n, 5000n],
  ])('%s', (_name, terms, baseMinor, expected) => {
    expect(couponAmount(terms, { amountMinor: baseMinor, currency: USD })).toBe(expected);
  });

  it('rounds a percentage to the currency: 15% of ¥1,005 is ¥151 (150.75)', () => {
    expect(couponAmount(percent('15'), { amountMinor: 1005n, currency: JPY })).toBe(151n);
  });
});

describe('coupon discounts of an invoice', () => {
  it('caps a fixed 50.00 on a 30.00 fee at 30.00', () => {
    expect(discounts(3000n, [candidate('a', fixed(5000n))])).toEqual([
      { appliedCouponId: 'a', couponCode: 'A', amountMinor: 3000n },
    ]);
  });

  it('applies two coupons oldest first and caps the second at what is left', () => {
    const result = discounts(2900n, [candidate('a', percent('50')), candidate('b', fixed(2000n))]);
    expect(result.map((discount) => discount.amountMinor)).toEqual([1450n, 1450n]);
    expect(totalDiscount(result)).toBe(2900n);
  });

  it('takes a later percentage of what earlier coupons left, not of the whole fee', () => {
    const result = discounts(10000n, [candidate('a', fixed(1000n)), candidate('b', percent('10'))]);
    expect(result.map((discount) => discount.amountMinor)).toEqual([1000n, 900n]);
  });

  it('leaves out coupons with nothing left to discount, so they are not consumed', () => {
    const result = discounts(3000n, [candidate('a', percent('100')), candidate('b', percent('10'))]);
    expect(result.map((discount) => discount.appliedCouponId)).toEqual(['a']);
  });

  it('skips a coupon restricted to other plans and a fixed amount in another currency', () => {
    const result = discounts(3000n, [
      candidate('other-plan', percent('10'), { planIds: ['plan_b'] }),
      candidate('euros', fixed(500n, EUR)),
      candidate('this-plan', percent('10'), { planIds: ['plan_b', 'plan_a'] }),
    ]);
    expect(result.map((discount) => discount.appliedCouponId)).toEqual(['this-plan']);
  });

  it('discounts nothing on a zero or negative fee', () => {
    expect(discounts(0n, [candidate('a', fixed(100n))])).toEqual([]);
    expect(discounts(-500n, [candidate('a', percent('10'))])).toEqual([]);
  });

  it('never discounts more than the fee, whatever the coupons', () => {
    const terms = fc.oneof(
      fc.integer({ min: 1, max: 1_000_000 }).map((n) => percent((n / 10_000).toString())),
      fc.bigInt({ min: 1n, max: 10n ** 9n }).map((amount) => fixed(amount)),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), fc.array(terms, { maxLength: 5 }), (fee, list) => {
        const result = discounts(
          fee,
          list.map((item, index) => candidate(`c${index}`, item)),
        );
        const total = totalDiscount(result);
        expect(total >= 0n).toBe(true);
        expect(total <= (fee > 0n ? fee : 0n)).toBe(true);
        expect(result.every((discount) => discount.amountMinor > 0n)).toBe(true);
      }),
    );
  });
});

describe('coupon discounts of an invoice priced again', () => {
  it('re-prices the coupons the invoice took on its new lines, even one used up since or of another plan now', () => {
    const taken = [
      candidate('calls', percent('25'), {
        billableMetricIds: ['bm_calls'],
        frequency: 'RECURRING',
        remainingPeriods: 0,
      }),
      candidate('fee', fixed(1000n), { planIds: ['plan_b'] }),
    ];
    const lines = [line('SUBSCRIPTION', 2000n), line('USAGE', 10000n, 'bm_calls')];
    const invoice = { currency: USD, subscriptionId: 'sub_1', planId: 'plan_a', lines, coupons: taken };
    expect(applyCoupons(invoice)).toEqual([]);
    expect(reapplyCoupons(invoice).map((discount) => [discount.appliedCouponId, discount.amountMinor])).toEqual([
      ['calls', 2500n],
      ['fee', 1000n],
    ]);
  });
});

describe('coupon consumption', () => {
  it('terminates a ONCE coupon after its first discounted invoice', () => {
    expect(consumeCoupon(candidate('a', percent('10'), { frequency: 'ONCE' }))).toEqual({
      appliedCouponId: 'a',
      status: 'TERMINATED',
      remainingPeriods: null,
    });
  });

  it('counts a RECURRING coupon down and terminates it at 0', () => {
    const recurring = (remainingPeriods: number | null) =>
      candidate('a', percent('10'), { frequency: 'RECURRING', remainingPeriods, frequencyDuration: 3 });
    expect(consumeCoupon(recurring(2))).toMatchObject({ status: 'ACTIVE', remainingPeriods: 1 });
    expect(consumeCoupon(recurring(1))).toMatchObject({ status: 'TERMINATED', remainingPeriods: 0 });
    expect(consumeCoupon(recurring(null))).toMatchObject({ status: 'ACTIVE', remainingPeriods: 2 });
  });

  it('does not discount with a RECURRING application that has no periods left', () => {
    const spent = candidate('a', percent('10'), { frequency: 'RECURRING', remainingPeriods: 0, frequencyDuration: 2 });
    expect(discounts(1000n, [spent])).toEqual([]);
  });

  it('keeps a FOREVER coupon ACTIVE', () => {
    expect(consumeCoupon(candidate('a', percent('10')))).toMatchObject({ status: 'ACTIVE', remainingPeriods: null });
  });
});
