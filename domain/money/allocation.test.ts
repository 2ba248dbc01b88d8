import fc from 'fast-check';

import { allocate } from './allocation';
import { toCurrencyCode } from './currency';
import { type Money } from './money';

const USD = toCurrencyCode('USD');
const usd = (amount: bigint): Money => ({ amount, currency: USD });

function allocateAmounts(total: bigint, ratios: readonly bigint[] | readonly number[]): bigint[] {
  const parts = allocate(usd(total), ratios);
  if (!parts.ok) throw new Error(parts.error.message);
  return parts.value.map((part) => part.amount);
}

describe('allocate', () => {
  it.each([
    [100n, [1, 1, 1], [34n, 33n, 33n]],
    [-100n, [1, 1, 1], [-34n, -33n, -33n]],
    [101n, [1, 1, 1], [34n, 34n, 33n]],
    [2n, [1, 1, 1], [1n, 1n, 0n]],
    [100n, [70, 30], [70n, 30n]],
    [5n, [3, 7], [2n, 3n]],
    [1000n, [1, 2, 3], [167n, 333n, 500n]],
    [100n, [0, 1, 0], [0n, 100n, 0n]],
    [1n, [0, 1, 1], [0n, 1n, 0n]],
    [0n, [1, 2], [0n, 0n]],
    [4999n, [1n, 1n], [2500n, 2499n]],
    [10n ** 30n + 1n, [1n, 1n], [5n * 10n ** 29n + 1n, 5n * 10n ** 29n]],
  ])('splits %p by %p into %p', (total, ratios, parts) => {
    expect(allocateAmounts(total, ratios)).toEqual(parts);
  });

  it('gives leftover units to the largest remainders, not to the earliest', () => {
    // exact shares 0.9, 2.7, 6.4: floors 0, 2, 6; the one leftover unit goes to the 0.9 remainder
    expect(allocateAmounts(10n, [9, 27, 64])).toEqual([1n, 3n, 6n]);
  });

  it('keeps the currency on every part', () => {
    const parts = allocate(usd(10n), [1, 1]);
    expect(parts).toEqual({ ok: true, value: [usd(5n), usd(5n)] });
  });

  it.each([
    ['all-zero ratios', [0, 0]],
    ['no ratios', []],
    ['a negative ratio', [1, -1]],
    ['a fractional ratio', [0.5, 1]],
    ['a non-finite ratio', [Infinity, 1]],
    ['a negative bigint ratio', [2n, -1n]],
  ])('refuses %s', (_name, ratios) => {
    expect(allocate(usd(100n), ratios)).toMatchObject({ ok: false, error: { code: 'invalid_ratios' } });
  });

  const ratios = fc.array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { minLength: 1, maxLength: 20 });
  const positiveRatios = ratios.filter((weights) => weights.some((weight) => weight > 0n));

  it('produces parts that sum exactly to the total', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), positiveRatios, (total, weights) => {
        expect(allocateAmounts(total, weights).reduce((sum, part) => sum + part, 0n)).toBe(total);
      }),
    );
  });

  it('keeps every part within one minor unit of its exact share', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), positiveRatios, (total, weights) => {
        const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
        allocateAmounts(total, weights).forEach((part, index) => {
          const deviation = part * weightSum - total * (weights[index] ?? 0n); // (part - share) × weightSum
          expect((deviation < 0n ? -deviation : deviation) < weightSum).toBe(true);
        });
      }),
    );
  });

  it('splits a negative total as the negated split of its magnitude', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), positiveRatios, (total, weights) => {
        expect(allocateAmounts(-total, weights)).toEqual(allocateAmounts(total, weights).map((part) => -part));
      }),
    );
  });
});
