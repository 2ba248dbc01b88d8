import fc from 'fast-check';
import { toCurrencyCode, type Decimal } from '../money';
import { parseCredits, presentCredits } from './credits';
import { creditsCovering, creditsValue, parseRate } from './wallet-rate';

const USD = toCurrencyCode('USD');
const JPY = toCurrencyCode('JPY');
const KWD = toCurrencyCode('KWD');

describe('credits and their value', () => {
  test('credits carry up to 5 decimals', () => {
    expect(parseCredits(12.5)).toEqual({ ok: true, value: 1_250_000n });
    expect(parseCredits('0.00001')).toEqual({ ok: true, value: 1n });
    expect(parseCredits(0.000001)).toMatchObject({ ok: false, error: { code: 'too_many_decimals' } });
    expect(presentCredits(1_250_000n)).toBe(12.5);
  });

  test('a rate is above 0 with at most 12 decimals', () => {
    expect(parseRate('0.000000000001')).toMatchObject({ ok: true });
    expect(parseRate(0)).toMatchObject({ ok: false });
    expect(parseRate(-1)).toMatchObject({ ok: false });
    expect(parseRate('0.0000000000001')).toMatchObject({ ok: false, error: { code: 'too_many_decimals' } });
  });

  test('value is credits × rate rounded once, half away from zero, in the currency’s minor units', () => {
    const rate = (text: string): Decimal => {
      const parsed = parseRate(text);
      if (!parsed.ok) throw new Error(text);
      return parsed.value;
    };
    expect(creditsValue(1_250_000n, rate('1'), USD)).toBe(1250n);
    expect(creditsValue(1n, rate('500'), USD)).toBe(1n); // 0.005 → 0.01
    expect(creditsValue(333_333n, rate('0.3'), USD)).toBe(100n);
    expect(creditsValue(100_000n, rate('1.5'), JPY)).toBe(2n); // 1.5 → 2
    expect(creditsValue(100_000n, rate('1.2345'), KWD)).toBe(1235n); // 1.2345 KWD → 1.235
  });

  test('creditsCovering gives the fewest credits worth at least the amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 12 }),
        (amountMinor, unscaled, scale) => {
          const rate = { unscaled, scale };
          const credits = creditsCovering(amountMinor, rate, USD);
          // credits × rate ≥ amount exactly, and one unit fewer would fall short.
          const exactTimes = (units: bigint) => units * unscaled * 100n; // × 10^(scale+5) vs amount × 10^(scale+5)
          const target = amountMinor * 10n ** BigInt(scale) * 10n ** 5n;
          expect(exactTimes(credits) >= target).toBe(true);
          expect(exactTimes(credits - 1n) < target).toBe(true);
          expect(creditsValue(credits, rate, USD) >= amountMinor).toBe(true);
        },
      ),
    );
  });
});
