import fc from 'fast-check';
import { parseCurrencyCode, toCurrencyCode } from '../../../domain/money';
import { fromStripeAmount, STRIPE_CURRENCIES, toStripeAmount } from './stripe-currencies';

const codes = [...STRIPE_CURRENCIES].map(toCurrencyCode);

describe("Stripe's amounts", () => {
  it('lists only ISO 4217 codes the platform can bill in', () => {
    expect(codes.length).toBe(STRIPE_CURRENCIES.size);
    expect([...STRIPE_CURRENCIES].filter((code) => !parseCurrencyCode(code).ok)).toEqual([]);
  });

  it('reads back every amount it sends, in every Stripe currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.bigInt({ min: 1n, max: 999_999_999_999n }), (currency, amount) => {
        const sent = toStripeAmount(amount, currency);
        if (!sent.ok) return;
        expect(fromStripeAmount(sent.amount, currency)).toBe(amount);
      }),
    );
  });

  it('refuses only what Stripe cannot take exactly: MGA fractions and three-decimal amounts not ending in 0', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.bigInt({ min: 1n, max: 999_999_999_999n }), (currency, amount) => {
        const exact =
          currency === 'MGA'
            ? amount % 100n === 0n
            : !['BHD', 'JOD', 'KWD', 'OMR', 'TND'].includes(currency) || amount % 10n === 0n;
        expect(toStripeAmount(amount, currency).ok).toBe(exact);
      }),
    );
  });

  it('does not take an amount Stripe reports in fractions our minor units cannot hold', () => {
    expect(fromStripeAmount(1501n, toCurrencyCode('ISK'))).toBeUndefined();
    expect(fromStripeAmount(1500n, toCurrencyCode('ISK'))).toBe(15n);
  });
});
