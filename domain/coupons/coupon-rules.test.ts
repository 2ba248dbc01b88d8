import { couponTermsOf, expiryProblems, frequencyProblems, type CouponFieldProblem } from './coupon-rules';

const termsOf = (input: Parameters<typeof couponTermsOf>[0]) => {
  const problems: CouponFieldProblem[] = [];
  return { terms: couponTermsOf(input, problems), problems };
};

describe('coupon rules', () => {
  it('reads a percentage with up to 4 decimals, and an amount in its currency', () => {
    expect(termsOf({ discountType: 'PERCENTAGE', percentage: 12.5 })).toEqual({
      terms: { discountType: 'PERCENTAGE', percentage: '12.5' },
      problems: [],
    });
    expect(termsOf({ discountType: 'FIXED_AMOUNT', amount: 10.5, currency: 'USD' }).terms).toEqual({
      discountType: 'FIXED_AMOUNT',
      amountMinor: 1050n,
      currency: 'USD',
    });
  });

  it('names every field that breaks a rule at once', () => {
    expect(termsOf({ discountType: 'PERCENTAGE', amount: 5, currency: 'USD' }).problems).toEqual([
      { field: 'amount', message: 'is not allowed when discountType is PERCENTAGE' },
      { field: 'currency', message: 'is not allowed when discountType is PERCENTAGE' },
      { field: 'percentage', message: 'is required when discountType is PERCENTAGE' },
    ]);
    expect(termsOf({ discountType: 'FIXED_AMOUNT', percentage: 5 }).problems.map((p) => p.field)).toEqual([
      'percentage',
      'amount',
      'currency',
    ]);
    expect(termsOf({ discountType: 'FIXED_AMOUNT', amount: 0.001, currency: 'USD' }).problems).toEqual([
      { field: 'amount', message: expect.any(String) as unknown },
    ]);
    expect(termsOf({ discountType: 'PERCENTAGE', percentage: 0 }).problems).toEqual([
      { field: 'percentage', message: 'must be above 0' },
    ]);
  });

  it('asks a duration of RECURRING coupons only, and a future expiry', () => {
    expect(frequencyProblems('RECURRING', undefined)).toEqual([
      { field: 'frequencyDuration', message: 'is required when frequency is RECURRING' },
    ]);
    expect(frequencyProblems('ONCE', 3)).toEqual([
      { field: 'frequencyDuration', message: 'is not allowed when frequency is ONCE' },
    ]);
    expect(frequencyProblems('RECURRING', 3)).toEqual([]);
    const now = new Date('2026-01-01T00:00:00Z');
    expect(expiryProblems(now, now)).toEqual([{ field: 'expiresAt', message: 'must be in the future' }]);
    expect(expiryProblems(new Date('2026-01-02T00:00:00Z'), now)).toEqual([]);
    expect(expiryProblems(null, now)).toEqual([]);
  });
});
