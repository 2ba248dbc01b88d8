import fc from 'fast-check';
import type { CouponTerms } from '../coupons';
import { toCurrencyCode, type Decimal } from '../money';
import { creditsValue, lotsBalance, wholeCredits, type CreditLot } from '../wallets';
import type { DiscountableLine, DiscountCandidate } from './coupon-discount';
import {
  composeAtCreation,
  composeAtFinalize,
  composeInvoice,
  type InvoiceAtFinalize,
  type InvoiceToCompose,
} from './invoice-composition';
import { INVOICE_LINE_TYPES } from './invoice-status';

const USD = toCurrencyCode('USD');
const ONE: Decimal = { unscaled: 1n, scale: 0 };
const USAGE_METRIC = 'bm_api_calls';

const coupon = (id: string, terms: CouponTerms, billableMetricIds: string[] = []): DiscountCandidate => ({
  appliedCouponId: id,
  couponCode: id.toUpperCase(),
  terms,
  frequency: 'FOREVER',
  remainingPeriods: null,
  frequencyDuration: null,
  planIds: [],
  billableMetricIds,
});
const lot = (id: string, kind: CreditLot['kind'], credits: bigint, day: number): CreditLot => ({
  id,
  kind,
  remaining: wholeCredits(credits),
  settledAt: new Date(Date.UTC(2026, 0, day)),
});
const invoice = (overrides: Partial<InvoiceToCompose> = {}): InvoiceToCompose => ({
  currency: USD,
  subscriptionId: 'sub_1',
  planId: 'plan_1',
  purpose: 'STANDARD',
  lines: [
    { type: 'USAGE', amountMinor: 8000n, billableMetricId: USAGE_METRIC },
    { type: 'SUBSCRIPTION', amountMinor: 2000n },
  ],
  coupons: [
    coupon('usage25', { discountType: 'PERCENTAGE', percentage: '25' }, [USAGE_METRIC]),
    coupon('fixed10', { discountType: 'FIXED_AMOUNT', amountMinor: 1000n, currency: USD }),
  ],
  customerCredit: [],
  ...overrides,
});

describe('composeInvoice: known answers', () => {
  test('usage 80.00 + base 20.00, 25 % on the usage metric, 10.00 fixed, 5.00 of wallet credit: 65.00 due', () => {
    const wallet = { walletId: 'w1', rate: ONE, currency: USD, lots: [lot('t1', 'PAID', 5n, 1)] };
    const composed = composeInvoice(invoice({ wallet }));
    expect(composed.discounts.map((discount) => [discount.couponCode, discount.amountMinor])).toEqual([
      ['USAGE25', 2000n],
      ['FIXED10', 1000n],
    ]);
    expect(composed).toMatchObject({
      subtotalMinor: 10000n,
      discountMinor: 3000n,
      taxMinor: 0n,
      totalMinor: 7000n,
      amountCreditedMinor: 0n,
      prepaidCreditAmountMinor: 500n,
      amountDueMinor: 6500n,
    });
    expect(composed.wallet?.takes).toEqual([{ lotId: 't1', kind: 'PAID', credits: wholeCredits(5n) }]);
  });

  test('the same invoice with 100.00 of credit-note credit and no wallet: nothing due, 30.00 of credit left', () => {
    const composed = composeInvoice(invoice({ customerCredit: [{ id: 'lot1', availableMinor: 10000n }] }));
    expect(composed).toMatchObject({ totalMinor: 7000n, amountCreditedMinor: 7000n, amountDueMinor: 0n });
    expect(composed.credits).toEqual([{ sourceId: 'lot1', amountMinor: 7000n }]);
    expect(10000n - composed.amountCreditedMinor).toBe(3000n);
  });

  test('wallet credits go granted before paid, oldest first, after customer credit', () => {
    const wallet = {
      walletId: 'w1',
      rate: ONE,
      currency: USD,
      lots: [
        lot('paid-old', 'PAID', 30n, 1),
        lot('granted-new', 'GRANTED', 10n, 5),
        lot('granted-old', 'GRANTED', 10n, 2),
      ],
    };
    const composed = composeInvoice(invoice({ wallet, customerCredit: [{ id: 'cn', availableMinor: 4000n }] }));
    expect(composed.amountCreditedMinor).toBe(4000n);
    expect(composed.prepaidCreditAmountMinor).toBe(3000n);
    expect(composed.wallet?.takes.map((take) => [take.lotId, take.credits])).toEqual([
      ['granted-old', wholeCredits(10n)],
      ['granted-new', wholeCredits(10n)],
      ['paid-old', wholeCredits(10n)],
    ]);
    expect(composed.amountDueMinor).toBe(0n);
  });

  test('two percentage coupons on the same lines: the second takes its share of what the first left', () => {
    const halves = [
      coupon('a', { discountType: 'PERCENTAGE', percentage: '50' }),
      coupon('b', { discountType: 'PERCENTAGE', percentage: '50' }),
    ];
    const composed = composeInvoice(
      invoice({ coupons: halves, lines: [{ type: 'SUBSCRIPTION', amountMinor: 10000n }] }),
    );
    expect(composed.discounts.map((discount) => discount.amountMinor)).toEqual([5000n, 2500n]);
  });

  test('a credit purchase spends neither customer credit nor wallet credits', () => {
    const wallet = { walletId: 'w1', rate: ONE, currency: USD, lots: [lot('t1', 'GRANTED', 50n, 1)] };
    const composed = composeInvoice(
      invoice({
        purpose: 'CREDIT_PURCHASE',
        subscriptionId: null,
        planId: null,
        coupons: [],
        lines: [{ type: 'MANUAL', amountMinor: 5000n }],
        customerCredit: [{ id: 'cn', availableMinor: 5000n }],
        wallet,
      }),
    );
    expect(composed).toMatchObject({ amountCreditedMinor: 0n, prepaidCreditAmountMinor: 0n, amountDueMinor: 5000n });
    expect(composed.wallet).toBeUndefined();
  });

  test('a wallet of another currency is not touched; a negative total draws nothing', () => {
    const euros = { walletId: 'w1', rate: ONE, currency: toCurrencyCode('EUR'), lots: [lot('t1', 'PAID', 50n, 1)] };
    expect(composeInvoice(invoice({ wallet: euros })).prepaidCreditAmountMinor).toBe(0n);
    const downgrade = composeInvoice(
      invoice({
        coupons: [],
        lines: [{ type: 'PRORATION', amountMinor: -4000n }],
        customerCredit: [{ id: 'cn', availableMinor: 5000n }],
        wallet: { walletId: 'w1', rate: ONE, currency: USD, lots: [lot('t1', 'PAID', 50n, 1)] },
      }),
    );
    expect(downgrade).toMatchObject({ totalMinor: -4000n, amountCreditedMinor: 0n, amountDueMinor: 0n });
    expect(downgrade.wallet).toBeUndefined();
  });

  test('at a rate of 0.3 a 1.00 due takes 3.33334 credits, and the last cents of a wallet take all it holds', () => {
    const rate: Decimal = { unscaled: 3n, scale: 1 };
    const single = (credits: bigint) => ({
      walletId: 'w1',
      rate,
      currency: USD,
      lots: [{ id: 't1', kind: 'PAID' as const, remaining: credits, settledAt: new Date(0) }],
    });
    const line = [{ type: 'MANUAL' as const, amountMinor: 100n }];
    const some = composeInvoice(invoice({ coupons: [], lines: line, wallet: single(wholeCredits(100n)) }));
    expect([some.prepaidCreditAmountMinor, some.wallet?.credits]).toEqual([100n, 333_334n]);
    // 3.33333 credits are worth 0.999999 → 1.00: the invoice takes the whole balance, not 3.33334 credits.
    const all = composeInvoice(invoice({ coupons: [], lines: line, wallet: single(333_333n) }));
    expect([all.prepaidCreditAmountMinor, all.wallet?.credits, all.amountDueMinor]).toEqual([100n, 333_333n, 0n]);
  });
});

describe('the two moments: creation, then finalize', () => {
  const usageLine = (amountMinor: bigint, billableMetricId: string): DiscountableLine => ({
    type: 'USAGE',
    amountMinor,
    billableMetricId,
  });
  const finalizing = (overrides: Partial<InvoiceAtFinalize> = {}): InvoiceAtFinalize => ({
    currency: USD,
    purpose: 'STANDARD',
    totalMinor: 7000n,
    customerCredit: [],
    ...overrides,
  });

  test('creation: lines, then coupons in the order applied, tax 0 and the total; nothing about credit yet', () => {
    const created = composeAtCreation(invoice());
    expect(created).toEqual({
      subtotalMinor: 10000n,
      discounts: [
        { appliedCouponId: 'usage25', couponCode: 'USAGE25', amountMinor: 2000n },
        { appliedCouponId: 'fixed10', couponCode: 'FIXED10', amountMinor: 1000n },
      ],
      discountMinor: 3000n,
      taxMinor: 0n,
      totalMinor: 7000n,
    });
  });

  test('a coupon limited to a metric the invoice does not bill discounts nothing and is not used up', () => {
    const created = composeAtCreation(invoice({ lines: [{ type: 'SUBSCRIPTION', amountMinor: 2000n }] }));
    expect(created.discounts.map((discount) => [discount.couponCode, discount.amountMinor])).toEqual([
      ['FIXED10', 1000n],
    ]);
    expect(created.totalMinor).toBe(1000n);
  });

  test("a metric-limited coupon discounts that metric's usage lines only, a later one what is left of them", () => {
    const created = composeAtCreation(
      invoice({
        lines: [
          usageLine(3000n, 'bm_a'),
          usageLine(1000n, 'bm_a'),
          usageLine(5000n, 'bm_b'),
          { type: 'SUBSCRIPTION', amountMinor: 2000n },
        ],
        coupons: [
          coupon('half', { discountType: 'PERCENTAGE', percentage: '50' }, ['bm_a']),
          coupon('big', { discountType: 'FIXED_AMOUNT', amountMinor: 9000n, currency: USD }, ['bm_a']),
        ],
      }),
    );
    // 50 % of bm_a's 40.00 is 20.00; the fixed 90.00 finds 20.00 of bm_a left; bm_b and the fee are untouched.
    expect(created.discounts.map((discount) => discount.amountMinor)).toEqual([2000n, 2000n]);
    expect(created.totalMinor).toBe(7000n);
  });

  test('finalize: customer credit in the ledger order, then the wallet, then what is still due', () => {
    const wallet = { walletId: 'w1', rate: ONE, currency: USD, lots: [lot('t1', 'GRANTED', 5n, 1)] };
    const customerCredit = [
      { id: 'note', availableMinor: 2000n },
      { id: 'payment', availableMinor: 1000n },
    ];
    const finalized = composeAtFinalize(finalizing({ customerCredit, wallet }));
    expect(finalized).toMatchObject({
      credits: [
        { sourceId: 'note', amountMinor: 2000n },
        { sourceId: 'payment', amountMinor: 1000n },
      ],
      amountCreditedMinor: 3000n,
      prepaidCreditAmountMinor: 500n,
      amountDueMinor: 3500n,
    });
  });

  test('finalize takes only what is left to pay, and nothing for a credit purchase or a total of zero or less', () => {
    const customerCredit = [{ id: 'note', availableMinor: 10000n }];
    expect(composeAtFinalize(finalizing({ customerCredit, amountPaidMinor: 1000n })).credits).toEqual([
      { sourceId: 'note', amountMinor: 6000n },
    ]);
    for (const nothing of [
      finalizing({ customerCredit, purpose: 'CREDIT_PURCHASE' }),
      finalizing({ customerCredit, totalMinor: 0n }),
      finalizing({ customerCredit, totalMinor: -500n }),
    ]) {
      expect(composeAtFinalize(nothing)).toMatchObject({ credits: [], amountCreditedMinor: 0n });
    }
    expect(composeAtFinalize(finalizing({ customerCredit, purpose: 'CREDIT_PURCHASE' })).amountDueMinor).toBe(7000n);
  });
});

const lineArbitrary: fc.Arbitrary<DiscountableLine> = fc.record({
  type: fc.constantFrom(...INVOICE_LINE_TYPES),
  amountMinor: fc.bigInt({ min: -50_000n, max: 500_000n }),
  billableMetricId: fc.constantFrom(null, 'bm_a', 'bm_b'),
});
const termsArbitrary: fc.Arbitrary<CouponTerms> = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }).map((basisPoints) => ({
    discountType: 'PERCENTAGE' as const,
    percentage: (basisPoints / 10_000).toFixed(4),
  })),
  fc.bigInt({ min: 0n, max: 200_000n }).map((amountMinor) => ({
    discountType: 'FIXED_AMOUNT' as const,
    amountMinor,
    currency: USD,
  })),
);
const couponArbitrary = fc
  .tuple(fc.uuid(), termsArbitrary, fc.subarray(['bm_a', 'bm_b']))
  .map(([id, terms, metrics]) => coupon(id, terms, metrics));
const rateArbitrary: fc.Arbitrary<Decimal> = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 0, max: 12 }))
  .map(([unscaled, scale]) => ({ unscaled, scale }));
const lotArbitrary: fc.Arbitrary<CreditLot> = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom('GRANTED' as const, 'PAID' as const),
  remaining: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  settledAt: fc.date({ min: new Date(0), max: new Date(Date.UTC(2030, 0, 1)), noInvalidDate: true }),
});
const invoiceArbitrary: fc.Arbitrary<InvoiceToCompose> = fc.record({
  currency: fc.constant(USD),
  subscriptionId: fc.constantFrom(null, 'sub_1'),
  planId: fc.constant('plan_1'),
  purpose: fc.constantFrom('STANDARD' as const, 'CREDIT_PURCHASE' as const),
  lines: fc.array(lineArbitrary, { maxLength: 6 }),
  coupons: fc.uniqueArray(couponArbitrary, { maxLength: 4, selector: (each) => each.appliedCouponId }),
  customerCredit: fc.uniqueArray(fc.record({ id: fc.uuid(), availableMinor: fc.bigInt({ min: 0n, max: 300_000n }) }), {
    maxLength: 3,
    selector: (source) => source.id,
  }),
  wallet: fc.option(
    fc.record({
      walletId: fc.constant('w1'),
      rate: rateArbitrary,
      currency: fc.constant(USD),
      lots: fc.uniqueArray(lotArbitrary, { maxLength: 4, selector: (each) => each.id }),
    }),
    { nil: undefined },
  ),
  amountPaidMinor: fc.bigInt({ min: 0n, max: 100_000n }),
});

describe('composeInvoice: properties', () => {
  test('the steps add up, nothing is over-consumed and nothing is due below zero', () => {
    fc.assert(
      fc.property(invoiceArbitrary, (input) => {
        const composed = composeInvoice(input);
        const positiveLines = input.lines.reduce(
          (sum, line) => sum + (line.amountMinor > 0n ? line.amountMinor : 0n),
          0n,
        );
        expect(composed.amountDueMinor >= 0n).toBe(true);
        expect(composed.subtotalMinor).toBe(input.lines.reduce((sum, line) => sum + line.amountMinor, 0n));
        expect(composed.totalMinor).toBe(composed.subtotalMinor - composed.discountMinor + composed.taxMinor);
        expect(composed.discountMinor >= 0n && composed.discountMinor <= positiveLines).toBe(true);
        for (const draw of composed.credits) {
          const source = input.customerCredit.find((candidate) => candidate.id === draw.sourceId);
          expect(draw.amountMinor > 0n && draw.amountMinor <= (source?.availableMinor ?? 0n)).toBe(true);
        }
        const owed = composed.totalMinor - composed.amountPaidMinor;
        const drawn = composed.amountCreditedMinor + composed.prepaidCreditAmountMinor;
        expect(drawn <= (owed > 0n ? owed : 0n)).toBe(true);
        expect(composed.amountDueMinor).toBe(owed - drawn > 0n ? owed - drawn : 0n);
        if (input.purpose === 'CREDIT_PURCHASE') expect(drawn).toBe(0n);
        const wallet = composed.wallet;
        if (wallet !== undefined && input.wallet !== undefined) {
          expect(wallet.credits <= lotsBalance(input.wallet.lots)).toBe(true);
          expect(wallet.takes.reduce((sum, take) => sum + take.credits, 0n)).toBe(wallet.credits);
          for (const take of wallet.takes) {
            const source = input.wallet.lots.find((candidate) => candidate.id === take.lotId);
            expect(take.credits > 0n && take.credits <= (source?.remaining ?? 0n)).toBe(true);
          }
          // The wallet never gives away more money than the credits it loses are worth.
          expect(wallet.amountMinor <= creditsValue(wallet.credits, input.wallet.rate, USD)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('coupons discount only the lines they may, never below zero: subscription lines, or their metrics’ usage', () => {
    fc.assert(
      fc.property(invoiceArbitrary, (input) => {
        const { discounts } = composeAtCreation(input);
        const positive = (keep: (line: DiscountableLine) => boolean) =>
          input.lines.filter(keep).reduce((sum, line) => sum + (line.amountMinor > 0n ? line.amountMinor : 0n), 0n);
        const couponOf = (id: string) => input.coupons.find((each) => each.appliedCouponId === id);
        const limited = discounts.filter(
          (discount) => (couponOf(discount.appliedCouponId)?.billableMetricIds ?? []).length > 0,
        );
        const unlimited = discounts.filter((discount) => !limited.includes(discount));
        const limitedMetrics = new Set(
          limited.flatMap((discount) => couponOf(discount.appliedCouponId)?.billableMetricIds ?? []),
        );
        const total = (list: typeof discounts) => list.reduce((sum, discount) => sum + discount.amountMinor, 0n);
        expect(discounts.every((discount) => discount.amountMinor > 0n)).toBe(true);
        expect(total(unlimited)).toBeLessThanOrEqual(
          input.subscriptionId === null ? 0n : positive((line) => line.type === 'SUBSCRIPTION'),
        );
        expect(total(limited)).toBeLessThanOrEqual(
          positive((line) => line.type === 'USAGE' && limitedMetrics.has(line.billableMetricId ?? '')),
        );
      }),
      { numRuns: 500 },
    );
  });
});
