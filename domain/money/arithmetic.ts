import { type CurrencyCode } from './currency';
import { type Money } from './money';
import { CurrencyMismatchError, fail, type MoneyResult, succeed } from './money-error';

/** The value-returning check for pairs that come from outside (a credit in another currency than the invoice). */
export function checkSameCurrency(left: Money, right: Money): MoneyResult<CurrencyCode> {
  if (left.currency === right.currency) return succeed(left.currency);
  return fail('currency_mismatch', `Currency mismatch: ${left.currency} and ${right.currency}`);
}

function requireSameCurrency(left: Money, right: Money): CurrencyCode {
  if (left.currency !== right.currency) throw new CurrencyMismatchError(left.currency, right.currency);
  return left.currency;
}

export function addMoney(left: Money, right: Money): Money {
  return { amount: left.amount + right.amount, currency: requireSameCurrency(left, right) };
}

export function subtractMoney(left: Money, right: Money): Money {
  return { amount: left.amount - right.amount, currency: requireSameCurrency(left, right) };
}

export function negateMoney(money: Money): Money {
  return { amount: -money.amount, currency: money.currency };
}

export function isZero(money: Money): boolean {
  return money.amount === 0n;
}

/** -1, 0 or 1, usable as a sort comparator. */
export function compareMoney(left: Money, right: Money): -1 | 0 | 1 {
  requireSameCurrency(left, right);
  if (left.amount === right.amount) return 0;
  return left.amount < right.amount ? -1 : 1;
}

/** The exact total; the currency is given so that an empty list sums to zero in it. */
export function sumMoney(amounts: readonly Money[], currency: CurrencyCode): Money {
  return amounts.reduce<Money>((total, money) => addMoney(total, money), { amount: 0n, currency });
}
