import type { CurrencyCode, Money } from '../../domain/money';
import { validationFailed } from '../../services/platform/errors';
import { requireMajorUnits } from '../../services/platform/input';
import { requireCurrency } from './common';

/** A major-unit amount as minor units of `currency`; too many decimals for the currency is 400 naming `path`. */
export function requireAmount(value: number, currency: CurrencyCode, path: string): Money {
  return { amount: requireMajorUnits(value, currency, path), currency };
}

/**
 * A body's `prices` as money, at most one per currency (codes compared upper case, as stored). A second price in a
 * currency is `duplicate`'s error when given (a plan's 409, as a second price added later is), else 400 naming it.
 */
export function requirePrices(
  prices: readonly { currency: string; amount: number }[] | undefined,
  duplicate?: (currency: CurrencyCode) => Error,
): Money[] {
  const seen = new Map<string, number>();
  return (prices ?? []).map((price, index) => {
    const currency = requireCurrency(price.currency, `body.prices.${index}.currency`);
    const first = seen.get(currency);
    if (first !== undefined && duplicate !== undefined) throw duplicate(currency);
    if (first !== undefined) {
      throw validationFailed([
        { path: `body.prices.${index}.currency`, message: `${currency} is already priced in body.prices.${first}` },
      ]);
    }
    seen.set(currency, index);
    return requireAmount(price.amount, currency, `body.prices.${index}.amount`);
  });
}
