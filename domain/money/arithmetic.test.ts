import fc from 'fast-check';

import { addMoney, checkSameCurrency, compareMoney, isZero, negateMoney, subtractMoney, sumMoney } from './arithmetic';
import { toCurrencyCode } from './currency';
import { type Money } from './money';
import { CurrencyMismatchError } from './money-error';

const USD = toCurrencyCode('USD');
const EUR = toCurrencyCode('EUR');
const usd = (amount: bigint): Money => ({ amount, currency: USD });
const eur = (amount: bigint): Money => ({ amount, currency: EUR });
const anyUsd = fc.bigInt().map(usd);

describe('money arithmetic', () => {
  it('adds, subtracts and negates in minor units', () => {
    expect(addMoney(usd(4999n), usd(1n))).toEqual(usd(5000n));
    expect(subtractMoney(usd(100n), usd(250n))).toEqual(usd(-150n));
    expect(negateMoney(usd(-150n))).toEqual(usd(150n));
  });

  it('sums a list exactly and an empty list to zero in the given currency', () => {
    expect(sumMoney([usd(1n), usd(2n), usd(-3n), usd(4999n)], USD)).toEqual(usd(4999n));
    expect(sumMoney([], EUR)).toEqual(eur(0n));
  });

  it('compares amounts as a sort comparator', () => {
    expect([usd(3n), usd(-1n), usd(2n)].sort(compareMoney)).toEqual([usd(-1n), usd(2n), usd(3n)]);
    expect(compareMoney(usd(5n), usd(5n))).toBe(0);
  });

  it('tells zero from non-zero', () => {
    expect(isZero(usd(0n))).toBe(true);
    expect(isZero(usd(-1n))).toBe(false);
  });

  it.each([
    ['addMoney', () => addMoney(usd(1n), eur(1n))],
    ['subtractMoney', () => subtractMoney(usd(1n), eur(1n))],
    ['compareMoney', () => compareMoney(usd(1n), eur(1n))],
    ['sumMoney', () => sumMoney([usd(1n), eur(1n)], USD)],
    ['sumMoney with another total currency', () => sumMoney([usd(1n)], EUR)],
  ])('throws a currency mismatch from %s', (_name, mix) => {
    expect(mix).toThrow(CurrencyMismatchError);
  });

  it('carries the currency_mismatch code on the thrown error', () => {
    const mismatch = new CurrencyMismatchError('USD', 'EUR');
    expect(mismatch.code).toBe('currency_mismatch');
    expect(() => addMoney(usd(1n), eur(1n))).toThrow(mismatch);
  });

  it('checks currencies as a value for untrusted pairs', () => {
    expect(checkSameCurrency(usd(1n), usd(2n))).toEqual({ ok: true, value: 'USD' });
    expect(checkSameCurrency(usd(1n), eur(2n))).toEqual({
      ok: false,
      error: { code: 'currency_mismatch', message: 'Currency mismatch: USD and EUR' },
    });
  });

  it('undoes an addition with a subtraction', () => {
    fc.assert(
      fc.property(anyUsd, anyUsd, (a, b) => {
        expect(subtractMoney(addMoney(a, b), b)).toEqual(a);
        expect(addMoney(subtractMoney(a, b), b)).toEqual(a);
      }),
    );
  });

  it('adds commutatively and subtracts as adding the negation', () => {
    fc.assert(
      fc.property(anyUsd, anyUsd, (a, b) => {
        expect(addMoney(a, b)).toEqual(addMoney(b, a));
        expect(subtractMoney(a, b)).toEqual(addMoney(a, negateMoney(b)));
      }),
    );
  });
});
