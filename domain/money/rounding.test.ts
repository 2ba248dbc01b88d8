import fc from 'fast-check';

import { MoneyInvariantError } from './money-error';
import { roundToMinorUnits } from './rounding';

describe('roundToMinorUnits', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [3n, 2n, 2n],
    [-3n, 2n, -2n],
    [1n, 2n, 1n],
    [-1n, 2n, -1n],
    [1n, 3n, 0n],
    [-1n, 3n, 0n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [24999n, 10000n, 2n],
    [25000n, 10000n, 3n],
    [-24999n, 10000n, -2n],
    [0n, 7n, 0n],
    [12n, 4n, 3n],
  ])('rounds %p / %p half away from zero to %p', (numerator, denominator, rounded) => {
    expect(roundToMinorUnits(numerator, denominator)).toBe(rounded);
  });

  it('prorates a 30.00 fee for 10 of 31 days to 9.68', () => {
    expect(roundToMinorUnits(3000n * 10n, 31n)).toBe(968n);
  });

  it('throws on a zero denominator', () => {
    expect(() => roundToMinorUnits(1n, 0n)).toThrow(MoneyInvariantError);
  });

  it('is symmetric around zero', () => {
    const denominator = fc.bigInt({ min: 1n, max: 10n ** 12n });
    fc.assert(
      fc.property(fc.bigInt(), denominator, (numerator, d) => {
        expect(roundToMinorUnits(-numerator, d)).toBe(-roundToMinorUnits(numerator, d));
      }),
    );
  });

  it('lands within half a minor unit, rounding exact halves away from zero', () => {
    const denominator = fc.bigInt({ min: 1n, max: 10n ** 12n });
    fc.assert(
      fc.property(fc.bigInt(), denominator, (numerator, d) => {
        const rounded = roundToMinorUnits(numerator, d);
        const error = rounded * d - numerator; // (rounded - exact) × d
        const twice = 2n * (error < 0n ? -error : error);
        expect(twice <= d).toBe(true);
        if (twice === d && numerator !== 0n) expect(rounded > 0n === numerator > 0n).toBe(true);
      }),
    );
  });
});
