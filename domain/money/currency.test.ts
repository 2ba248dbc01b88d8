import { currencyExponent, listCurrencyCodes, parseCurrencyCode, toCurrencyCode } from './currency';
import { MoneyInvariantError } from './money-error';

describe('currency codes', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['ISK', 0],
    ['XAF', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['CLF', 4],
  ])('reads the ISO 4217 exponent of %s as %i', (code, exponent) => {
    expect(currencyExponent(toCurrencyCode(code))).toBe(exponent);
  });

  it.each(['usd', 'Usd', 'uSD'])('accepts %s in any case and returns it upper case', (input) => {
    expect(parseCurrencyCode(input)).toEqual({ ok: true, value: 'USD' });
  });

  it.each(['XAU', 'XAG', 'XPT', 'XPD', 'XDR', 'XTS', 'XXX', 'XUA', 'XSU', 'XBA'])(
    'rejects %s, which ISO 4217 lists without a minor unit',
    (input) => {
      expect(parseCurrencyCode(input)).toMatchObject({ ok: false, error: { code: 'invalid_currency' } });
    },
  );

  it.each(['ZZZ', 'US', 'USDD', '', ' USD', 'U$D', '840'])('rejects %j as an unknown code', (input) => {
    expect(parseCurrencyCode(input).ok).toBe(false);
  });

  it('throws for a code the program trusted but that is unknown', () => {
    expect(() => toCurrencyCode('XAU')).toThrow(MoneyInvariantError);
  });

  it('lists the codes with a minor unit and none without', () => {
    const codes = listCurrencyCodes();
    expect(codes).toEqual(expect.arrayContaining(['USD', 'JPY', 'KWD', 'CLF']));
    expect(codes).not.toContain('XAU');
    expect(codes).not.toContain('XXX');
    expect(codes.every((code) => [0, 2, 3, 4].includes(currencyExponent(code)))).toBe(true);
  });
});
