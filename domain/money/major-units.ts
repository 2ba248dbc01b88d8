import { currencyExponent, type CurrencyCode } from './currency';
import { formatScaled, readDecimalNotation } from './decimal';
import { type Money } from './money';
import { fail, MoneyInvariantError, type MoneyResult, succeed } from './money-error';

/**
 * The largest amount, in minor units, whose major-unit JSON number is exact: 15 significant decimal digits always
 * survive decimal → double → shortest decimal unchanged (10^15 < 2^53), 16 do not (90071992547409.91 and .92 are
 * one double). So `parseMajorUnits(presentMajorUnits(m))` returns `m` for |amount| <= this bound, in every currency;
 * USD 9,999,999,999,999.99, JPY 999,999,999,999,999. The parser rejects larger amounts.
 */
export const MAX_PRESENTABLE_MINOR_UNITS = 999_999_999_999_999n;

/**
 * Reads a JSON amount in major units (49.99 USD, 1500 JPY, 1.234 KWD) as minor units, exactly: the number goes
 * through its shortest round-trip decimal string, never through float multiplication. More decimals than the
 * currency's minor unit is `too_many_decimals` (49.999 USD, 1500.5 JPY, 0.1 + 0.2 USD). Negative amounts pass;
 * callers that need a sign check it.
 */
export function parseMajorUnits(value: number, currency: CurrencyCode): MoneyResult<Money> {
  if (!Number.isFinite(value)) return fail('invalid_amount', `Amount must be a finite number, got ${String(value)}`);
  const decimal = readDecimalNotation(String(value));
  if (decimal === undefined) throw new MoneyInvariantError(`No decimal notation for ${String(value)}`);
  const exponent = currencyExponent(currency);
  if (decimal.scale > exponent) {
    const allowed = exponent === 0 ? 'no decimals' : `at most ${exponent} decimals`;
    return fail('too_many_decimals', `${String(value)} has too many decimals: ${currency} allows ${allowed}`);
  }
  const amount = decimal.unscaled * 10n ** BigInt(exponent - decimal.scale);
  if (amount > MAX_PRESENTABLE_MINOR_UNITS || amount < -MAX_PRESENTABLE_MINOR_UNITS) {
    const limit = formatScaled(MAX_PRESENTABLE_MINOR_UNITS, exponent);
    return fail('amount_out_of_range', `${String(value)} is out of range: at most ${limit} ${currency} either way`);
  }
  return succeed({ amount, currency });
}

/** The exact decimal string with the currency's minor unit: '49.99', '-0.50', '1500' (JPY), '1.234' (KWD). */
export function formatMajorUnits(money: Money): string {
  return formatScaled(money.amount, currencyExponent(money.currency));
}

/**
 * The JSON number for an amount: 4999n USD → 49.99. Exact within ±MAX_PRESENTABLE_MINOR_UNITS; beyond it the
 * nearest double (a presenter should not fail a response over an amount no tenant bills).
 */
export function presentMajorUnits(money: Money): number {
  return Number(formatMajorUnits(money));
}
