import fc from 'fast-check';

import { currencyExponent, listCurrencyCodes, toCurrencyCode } from './currency';
import { formatMajorUnits, MAX_PRESENTABLE_MINOR_UNITS, parseMajorUnits, presentMajorUnits } from './major-units';

const USD = toCurrencyCode('USD');
const JPY = toCurrencyCode('JPY');
const KWD = toCurrencyCode('KWD');
const CLF = toCurrencyCode('CLF');

describe('parseMajorUnits', () => {
  it.each([
    [49.99, USD, 4999n],
    [0, USD, 0n],
    [-0, USD, 0n],
    [-12.5, USD, -1250n],
    [0.01, USD, 1n],
    [1e-2, USD, 1n],
    [1.1, USD, 110n],
    [1500, JPY, 1500n],
    [-1500, JPY, -1500n],
    [1.234, KWD, 1234n],
    [0.001, KWD, 1n],
    [1.2345, CLF, 12345n],
    [9999999999999.99, USD, 999999999999999n],
    [999999999999999, JPY, 999999999999999n],
    [1e14, JPY, 100000000000000n],
  ])('reads %p %s as %p minor units', (value, currency, amount) => {
    expect(parseMajorUnits(value, currency)).toEqual({ ok: true, value: { amount, currency } });
  });

  it.each([
    [49.999, USD],
    [0.30000000000000004, USD],
    [0.1 + 0.2, USD],
    [1e-7, USD],
    [1500.5, JPY],
    [1.2345, KWD],
  ])('rejects %p %s with too many decimals', (value, currency) => {
    expect(parseMajorUnits(value, currency)).toMatchObject({ ok: false, error: { code: 'too_many_decimals' } });
  });

  it.each([NaN, Infinity, -Infinity])('rejects %p as an invalid amount', (value) => {
    expect(parseMajorUnits(value, USD)).toMatchObject({ ok: false, error: { code: 'invalid_amount' } });
  });

  it.each([
    [1e21, USD],
    [1e21, JPY],
    [10000000000000, USD],
    [Number.MAX_SAFE_INTEGER, JPY],
    [2 ** 53, JPY],
    [-1e16, JPY],
    [Number.MAX_VALUE, JPY],
  ])('rejects %p %s beyond the exactly presentable range', (value, currency) => {
    expect(parseMajorUnits(value, currency)).toMatchObject({ ok: false, error: { code: 'amount_out_of_range' } });
  });

  it('names the currency and its allowance in the message', () => {
    expect(parseMajorUnits(1500.5, JPY)).toMatchObject({
      error: { message: '1500.5 has too many decimals: JPY allows no decimals' },
    });
  });
});

describe('formatMajorUnits and presentMajorUnits', () => {
  it.each([
    [4999n, USD, '49.99', 49.99],
    [-50n, USD, '-0.50', -0.5],
    [0n, USD, '0.00', 0],
    [5n, USD, '0.05', 0.05],
    [1500n, JPY, '1500', 1500],
    [-7n, JPY, '-7', -7],
    [1234n, KWD, '1.234', 1.234],
    [1n, KWD, '0.001', 0.001],
    [12345n, CLF, '1.2345', 1.2345],
    [999999999999999n, USD, '9999999999999.99', 9999999999999.99],
  ])('shows %p minor units of %s as %s and %p', (amount, currency, text, number) => {
    expect(formatMajorUnits({ amount, currency })).toBe(text);
    expect(presentMajorUnits({ amount, currency })).toBe(number);
  });

  it('never presents negative zero', () => {
    expect(Object.is(presentMajorUnits({ amount: 0n, currency: USD }), 0)).toBe(true);
  });

  it('presents an amount beyond the exact range as the nearest number', () => {
    expect(presentMajorUnits({ amount: 9007199254740993n, currency: JPY })).toBe(9007199254740992);
  });

  it('round-trips every presentable amount of every currency through JSON numbers', () => {
    const presentable = fc.bigInt({ min: -MAX_PRESENTABLE_MINOR_UNITS, max: MAX_PRESENTABLE_MINOR_UNITS });
    const currency = fc.constantFrom(...listCurrencyCodes());
    fc.assert(
      fc.property(presentable, currency, (amount, code) => {
        const json = JSON.parse(JSON.stringify(presentMajorUnits({ amount, currency: code }))) as number;
        expect(parseMajorUnits(json, code)).toEqual({ ok: true, value: { amount, currency: code } });
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the exact decimal string for every presentable amount', () => {
    const presentable = fc.bigInt({ min: -MAX_PRESENTABLE_MINOR_UNITS, max: MAX_PRESENTABLE_MINOR_UNITS });
    fc.assert(
      fc.property(presentable, fc.constantFrom(...listCurrencyCodes()), (amount, currency) => {
        const text = formatMajorUnits({ amount, currency });
        expect(text.split('.')[1]?.length ?? 0).toBe(currencyExponent(currency));
        expect(presentMajorUnits({ amount, currency })).toBe(Number(text));
      }),
    );
  });
});
