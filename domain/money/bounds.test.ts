import {
  exceedsMoneyMaximum,
  MAX_PRESENTABLE_MINOR_UNITS,
  maxMoneyMinorUnits,
  MoneyOverflowError,
  requireWithinMoneyMaximum,
  toCurrencyCode,
  unitCountProblem,
} from '.';
import { parseDecimal, type Decimal } from './decimal';
import { multiplyExact } from './rational';

const decimal = (text: string): Decimal => {
  const parsed = parseDecimal(text, 400);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const USD = toCurrencyCode('USD');
const JPY = toCurrencyCode('JPY');
const CLF = toCurrencyCode('CLF');
const BIGINT_MAX = 9_223_372_036_854_775_807n;

describe('the money maximum', () => {
  it('is 99,999,999,999.99 in minor units of each currency', () => {
    expect(maxMoneyMinorUnits(USD)).toBe(9_999_999_999_999n);
    expect(maxMoneyMinorUnits(JPY)).toBe(99_999_999_999n);
    expect(maxMoneyMinorUnits(CLF)).toBe(999_999_999_999_900n);
  });

  it('stays within what a JSON number presents exactly, far below PostgreSQL bigint', () => {
    expect(maxMoneyMinorUnits(CLF)).toBeLessThanOrEqual(MAX_PRESENTABLE_MINOR_UNITS);
    expect(MAX_PRESENTABLE_MINOR_UNITS * 9000n).toBeLessThan(BIGINT_MAX);
  });

  it('holds an exact product at the maximum and refuses one minor unit beyond it', () => {
    expect(exceedsMoneyMaximum(decimal('99999999999.99'))).toBe(false);
    expect(exceedsMoneyMaximum(decimal('-99999999999.99'))).toBe(false);
    expect(exceedsMoneyMaximum(decimal('99999999999.991'))).toBe(true);
    expect(exceedsMoneyMaximum(multiplyExact(decimal('1e16'), decimal('1000')))).toBe(true);
    expect(exceedsMoneyMaximum(multiplyExact(decimal('99999999'), decimal('99999999999.99')))).toBe(true);
    expect(exceedsMoneyMaximum(multiplyExact(decimal('1e308'), 1n))).toBe(true);
  });

  it('is enforced on a priced amount with a typed error', () => {
    expect(requireWithinMoneyMaximum(9_999_999_999_999n, USD)).toBe(9_999_999_999_999n);
    expect(() => requireWithinMoneyMaximum(10_000_000_000_000n, USD)).toThrow(MoneyOverflowError);
    expect(() => requireWithinMoneyMaximum(-10_000_000_000_000n, USD)).toThrow(MoneyOverflowError);
  });
});

describe('unit counts', () => {
  it.each(['1000000000000', '-1000000000000', '0.000000000001', '123456.789', '0'])('accepts %s', (text) => {
    expect(unitCountProblem(decimal(text))).toBeUndefined();
  });

  it.each(['1e17', '1e308', '1000000000000.5', '-1e13'])('refuses the magnitude of %s', (text) => {
    expect(unitCountProblem(decimal(text))).toBe('must be between -1000000000000 and 1000000000000');
  });

  it('refuses more than 12 decimals', () => {
    expect(unitCountProblem(decimal('0.0000000000001'))).toBe('must have at most 12 decimals');
  });

  it('keeps the largest price of the largest count a bigint of modest size', () => {
    const fee = multiplyExact(decimal('1000000000000'), decimal('99999999999.99'));
    expect(fee.numerator.toString().length).toBeLessThan(30);
  });
});
