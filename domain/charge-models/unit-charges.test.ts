import fc from 'fast-check';
import { createRational, multiplyExact, roundToMinorUnits, toRational, type Decimal, type Money } from '../money';
import { type ChargeRange } from './charge-range';
import { compareExact, sumExact } from './exact';
import {
  ChargeModelInvariantError,
  graduatedExact,
  priceGraduated,
  pricePackage,
  priceStandard,
  priceVolume,
  volumeExact,
} from './unit-charges';
import { ANCHOR_RANGES, decimal, JPY, range, USD } from '../../test/fixtures/charge-model-values';

const usd = (amount: bigint): Money => ({ amount, currency: USD });

describe('priceStandard', () => {
  it.each([
    ['whole units', 10n, '2.5', usd(2500n)],
    ['a sub-cent unit price, rounded once', 1234n, '0.0004', usd(49n)],
    ['half a cent, away from zero', 1n, '0.005', usd(1n)],
    ['just below half a cent', 1n, '0.004999999999', usd(0n)],
    ['no units', 0n, '3', usd(0n)],
  ])('prices %s', (_name, units, amount, expected) => {
    expect(priceStandard({ units, amount: decimal(amount), currency: USD })).toEqual(expected);
  });

  it('prices a fractional quantity exactly before rounding', () => {
    expect(priceStandard({ units: decimal('2.5'), amount: decimal('0.333'), currency: USD })).toEqual(usd(83n));
  });

  it('rounds to the currency minor unit (JPY has none)', () => {
    expect(priceStandard({ units: 3n, amount: decimal('0.5'), currency: JPY })).toEqual({ amount: 2n, currency: JPY });
  });

  it('refuses a negative quantity as a broken invariant', () => {
    expect(() => priceStandard({ units: -1n, amount: decimal('1'), currency: USD })).toThrow(ChargeModelInvariantError);
  });
});

describe('priceGraduated', () => {
  it('prices 250 units over 0-100 @1.00, 100-200 @0.50, 200+ @0.10 at 155.00', () => {
    expect(priceGraduated({ units: 250n, ranges: ANCHOR_RANGES, currency: USD })).toEqual(usd(15500n));
  });

  it.each([
    [0n, 0n],
    [1n, 100n],
    [100n, 10000n],
    [101n, 10050n],
    [200n, 15000n],
    [201n, 15010n],
  ])('puts unit 100 in the first range and unit 101 in the second: %d units cost %d cents', (units, cents) => {
    expect(priceGraduated({ units, ranges: ANCHOR_RANGES, currency: USD })).toEqual(usd(cents));
  });

  const withFlatFees = [range(0, 100, '1', '10'), range(100, null, '0.5', '20')];

  it.each([
    ['no units, no flat fee', 0n, 0n],
    ['one unit: the first flat fee', 1n, 1100n],
    ['the first range full: only its flat fee', 100n, 11000n],
    ['one unit in the second range: its flat fee too', 101n, 13050n],
  ])('charges a range flat fee once a unit falls in it: %s', (_name, units, cents) => {
    expect(priceGraduated({ units, ranges: withFlatFees, currency: USD })).toEqual(usd(cents));
  });

  it('prices a fractional quantity across a boundary', () => {
    expect(priceGraduated({ units: decimal('100.5'), ranges: ANCHOR_RANGES, currency: USD })).toEqual(usd(10025n));
  });
});

describe('priceVolume', () => {
  const ranges = [range(0, 100, '1'), range(100, 1000, '0.5', '5'), range(1000, null, '0.25', '10')];

  it.each([
    ['no units', 0n, 0n],
    ['50 units in the first range', 50n, 5000n],
    ['100 units: still the first range', 100n, 10000n],
    ['101 units: all at the second price plus its flat fee', 101n, 5550n],
    ['1000 units', 1000n, 50500n],
    ['1001 units: all at the third price plus its flat fee', 1001n, 26025n],
  ])('prices %s', (_name, units, cents) => {
    expect(priceVolume({ units, ranges, currency: USD })).toEqual(usd(cents));
  });
});

describe('pricePackage', () => {
  it.each([
    ['no units', 0n, 0n, usd(0n)],
    ['units within the free allowance', 5n, 0n, usd(0n)],
    ['one unit beyond the free allowance: one package', 11n, 0n, usd(500n)],
    ['exactly two packages', 210n, 0n, usd(1000n)],
    ['a started third package', 211n, 0n, usd(1500n)],
  ])('prices %s', (_name, units, _unused, expected) => {
    const charge = { units, amount: decimal('5'), packageSize: 100n, freeUnits: 10n, currency: USD };
    expect(pricePackage(charge)).toEqual(expected);
  });

  it('prices without free units: 1 package for 1 unit of a 1000-unit package', () => {
    expect(
      pricePackage({ units: 1n, amount: decimal('12.34'), packageSize: 1000n, freeUnits: 0n, currency: USD }),
    ).toEqual(usd(1234n));
  });
});

const unitPrice = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 8n }), fc.integer({ min: 0, max: 12 }))
  .map(([unscaled, scale]): Decimal => decimal(`${unscaled}e-${scale}`));

/** Contiguous ranges from 0, the last open, with unit prices up to 12 decimals and optional flat fees. */
const ranges = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 500 }), unitPrice, fc.constantFrom('0', '0.5', '12.34', '100')), {
    minLength: 1,
    maxLength: 5,
  })
  .map((entries): ChargeRange[] => {
    let from = 0n;
    return entries.map(([width, perUnitAmount, flat], index) => {
      const to = index === entries.length - 1 ? null : from + BigInt(width);
      const built: ChargeRange = { fromValue: from, toValue: to, perUnitAmount, flatAmount: decimal(flat) };
      from = to ?? from;
      return built;
    });
  });

const units = fc.bigInt({ min: 0n, max: 5000n });

describe('charge model properties', () => {
  it('graduated costs at most the top unit price times the units plus every flat fee', () => {
    fc.assert(
      fc.property(ranges, units, (table, quantity) => {
        const top = table.reduce(
          (best, r) => (compareExact(r.perUnitAmount, best) > 0 ? r.perUnitAmount : best),
          decimal('0'),
        );
        const bound = sumExact([multiplyExact(top, quantity), ...table.map((r) => r.flatAmount)]);
        expect(compareExact(graduatedExact({ units: quantity, ranges: table }), bound)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('graduated never decreases when units grow', () => {
    fc.assert(
      fc.property(ranges, units, units, (table, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const cost = (quantity: bigint) => graduatedExact({ units: quantity, ranges: table });
        expect(compareExact(cost(low), cost(high))).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('volume charges one per-unit price for any two quantities in the same range', () => {
    fc.assert(
      fc.property(ranges, units, units, (table, a, b) => {
        const perUnit = (quantity: bigint) => {
          const found = table.find((r) => quantity > r.fromValue && (r.toValue === null || quantity <= r.toValue));
          if (found === undefined) return undefined;
          const variable = volumeExact({ units: quantity, ranges: table });
          const withoutFlat = sumExact([variable, multiplyExact(found.flatAmount, -1n)]);
          return { found, price: multiplyExact(withoutFlat, createRational(1n, quantity)) };
        };
        const [first, second] = [perUnit(a), perUnit(b)];
        fc.pre(first !== undefined && second !== undefined && first.found === second.found);
        expect(first.price).toEqual(second.price);
        expect(first.price).toEqual(toRational(first.found.perUnitAmount));
      }),
    );
  });

  it('package cost is a whole multiple of the package amount', () => {
    fc.assert(
      fc.property(
        units,
        fc.bigInt({ min: 1n, max: 300n }),
        fc.bigInt({ min: 0n, max: 300n }),
        (quantity, size, free) => {
          const money = pricePackage({
            units: quantity,
            amount: decimal('2.5'),
            packageSize: size,
            freeUnits: free,
            currency: USD,
          });
          expect(money.amount % 250n).toBe(0n);
        },
      ),
    );
  });

  it('rounds once: the fee is the exact rational sum rounded half away from zero, not a sum of rounded parts', () => {
    fc.assert(
      fc.property(ranges, units, (table, quantity) => {
        const exact = sumExact(
          table.map((r) => {
            if (quantity <= r.fromValue) return 0n;
            const top = r.toValue === null || quantity < r.toValue ? quantity : r.toValue;
            return sumExact([multiplyExact(top - r.fromValue, r.perUnitAmount), r.flatAmount]);
          }),
        );
        const expected = roundToMinorUnits(exact.numerator * 100n, exact.denominator);
        expect(priceGraduated({ units: quantity, ranges: table, currency: USD })).toEqual(usd(expected));
      }),
    );
  });

  it('rounds a many-line sub-cent graduated fee once, where rounding per range would differ', () => {
    const table = [range(0, 1, '0.004'), range(1, 2, '0.004'), range(2, null, '0.004')];
    // Per range: 0.00 + 0.00 + 0.00; once: 0.012 → 0.01.
    expect(priceGraduated({ units: 3n, ranges: table, currency: USD })).toEqual(usd(1n));
  });
});
