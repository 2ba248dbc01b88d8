import { currencyExponent, type CurrencyCode } from './currency';
import { type Money } from './money';
import { type Factor, toRational } from './rational';
import { HALF_AWAY_FROM_ZERO, roundQuotient, type RoundingRule } from './rounding';

/**
 * Multiplies exactly, then rounds once: `multiplyMoney(fee, createRational(daysUsed, daysInPeriod))` for proration,
 * `multiplyMoney(amount, percentage)` for a discount. The rule is a parameter only to name it at the call site.
 */
export function multiplyMoney(money: Money, factor: Factor, rounding: RoundingRule = HALF_AWAY_FROM_ZERO): Money {
  const ratio = toRational(factor);
  return {
    amount: roundQuotient(money.amount * ratio.numerator, ratio.denominator, rounding),
    currency: money.currency,
  };
}

/**
 * Rounds an exact amount in major units to money, once: a usage line is
 * `roundToMoney(multiplyExact(unitsConsumed, unitPrice), currency)` with 1234 × 0.0004 USD = 0.4936 → 49 cents.
 */
export function roundToMoney(majorUnits: Factor, currency: CurrencyCode): Money {
  const ratio = toRational(majorUnits);
  const minorPerMajor = 10n ** BigInt(currencyExponent(currency));
  return {
    amount: roundQuotient(ratio.numerator * minorPerMajor, ratio.denominator, HALF_AWAY_FROM_ZERO),
    currency,
  };
}
