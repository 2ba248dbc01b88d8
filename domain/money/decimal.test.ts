import { formatDecimal, parseDecimal, presentDecimal, readDecimalNotation } from './decimal';

describe('parseDecimal', () => {
  it.each([
    ['0.0004', 4n, 4],
    [0.0004, 4n, 4],
    ['1500', 1500n, 0],
    ['-12.50', -125n, 1],
    ['1.000000000000000', 1n, 0],
    ['0.000000000001', 1n, 12],
    [1e-12, 1n, 12],
    [1e-7, 1n, 7],
    [1.5e-7, 15n, 8],
    ['2.5E+3', 2500n, 0],
    [1e21, 10n ** 21n, 0],
    ['+3', 3n, 0],
    [-0, 0n, 0],
  ])('reads %p exactly as %p × 10^-%i', (input, unscaled, scale) => {
    expect(parseDecimal(input)).toEqual({ ok: true, value: { unscaled, scale } });
  });

  it.each(['0.0000000000001', 1e-13, 0.1 + 0.2, '0.1234567890123'])(
    'rejects %p with more than 12 decimals',
    (input) => {
      expect(parseDecimal(input)).toMatchObject({ ok: false, error: { code: 'too_many_decimals' } });
    },
  );

  it('takes a tighter decimal limit when asked (percentages have 4)', () => {
    expect(parseDecimal(12.3456, 4).ok).toBe(true);
    expect(parseDecimal(12.34567, 4)).toMatchObject({ ok: false, error: { code: 'too_many_decimals' } });
  });

  it.each(['', ' 1', '1 ', '.5', '5.', '1,5', 'abc', '0x10', 'NaN', 'Infinity', '1e999', NaN, Infinity, -Infinity])(
    'rejects %p as not a decimal',
    (input) => {
      expect(parseDecimal(input)).toMatchObject({ ok: false, error: { code: 'invalid_decimal' } });
    },
  );

  it('rejects hostile long input without building a huge number', () => {
    expect(readDecimalNotation('1'.repeat(65))).toBeUndefined();
    expect(readDecimalNotation('1e401')).toBeUndefined();
  });
});

describe('formatDecimal and presentDecimal', () => {
  it.each([
    [{ unscaled: 4n, scale: 4 }, '0.0004', 0.0004],
    [{ unscaled: -125n, scale: 1 }, '-12.5', -12.5],
    [{ unscaled: 1500n, scale: 0 }, '1500', 1500],
    [{ unscaled: 123456789012n, scale: 12 }, '0.123456789012', 0.123456789012],
  ])('shows %p as %s and %p', (decimal, text, number) => {
    expect(formatDecimal(decimal)).toBe(text);
    expect(presentDecimal(decimal)).toBe(number);
  });
});
