import { createRational, toRational } from '../money';
import { decimal } from '../../test/fixtures/charge-model-values';
import { formatRounded, formatUnits, isPresentableUnits, unitAmountOf } from './usage-quantity';

describe('usage quantities', () => {
  it.each([
    ['a count', toRational(1500n), '1500'],
    ['a SUM of decimals, exactly', toRational(decimal('1210.75')), '1210.75'],
    ['15 decimals, exactly', createRational(1n, 10n ** 15n), '0.000000000000001'],
    ['a negative SUM', toRational(decimal('-4.5')), '-4.5'],
    ['a third, to 12 decimals', createRational(1n, 3n), '0.333333333333'],
    ['two thirds, half away from zero', createRational(2n, 3n), '0.666666666667'],
    ['the WEIGHTED_SUM fixture', createRational(3_546_002n, 2_678_400n), '1.323925477897'],
  ])('writes %s as a quantity', (_name, units, expected) => {
    expect(formatUnits(units)).toBe(expected);
  });

  it('divides the rounded amount by the units to 12 decimals, 0 for no units', () => {
    expect(unitAmountOf(decimal('7.6'), decimal('1210'))).toBe('0.006280991736');
    expect(unitAmountOf(decimal('5'), 0n)).toBe('0');
    expect(unitAmountOf(decimal('10'), 4n)).toBe('2.5');
  });

  it('rounds half away from zero without trailing zeros', () => {
    expect(formatRounded(createRational(-5n, 2n), 0)).toBe('-3');
    expect(formatRounded(decimal('1.50'), 3)).toBe('1.5');
  });
});

describe('isPresentableUnits', () => {
  it('takes what a JSON number holds and refuses what would print as Infinity', () => {
    expect(isPresentableUnits(10n ** 307n)).toBe(true);
    expect(isPresentableUnits(-(10n ** 307n))).toBe(true);
    expect(isPresentableUnits(2n * 10n ** 308n)).toBe(false);
    expect(isPresentableUnits(-(2n * 10n ** 308n))).toBe(false);
  });
});
