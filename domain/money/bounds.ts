import { currencyExponent, type CurrencyCode } from './currency';
import { type Decimal } from './decimal';
import { type Factor, toRational } from './rational';

/**
 * The numeric bounds of the platform, all derived from one money maximum.
 *
 * Money maximum: 99,999,999,999.99 in major units. In every currency it is at most 10^15 minor units (CLF's four
 * decimals give 999,999,999,999,900), so an amount within it is exact as a JSON number (15 significant digits) and
 * stays more than 9,000 times below PostgreSQL's bigint (9.22 × 10^18 minor units), where amounts are stored.
 *
 * Unit counts (an invoice quantity, a package size, a range bound) are at most 10^12, with at most 12
 * decimals: every unit count is then an exact decimal of at most 24 significant digits, and a price of at most the
 * money maximum times one unit count is at most ~10^23 major units, a bigint of a few dozen digits, so exact pricing
 * never builds huge numbers. Such a product can still pass the money maximum (a million events of 10^12 units at
 * 1.00 each); the pricing refuses it with a MoneyOverflowError before anything is stored, so a sum beyond what money
 * holds is a typed business failure, never a database range error.
 */

/** The largest amount anything takes or bills, in major units of any currency. */
export const MAX_MONEY_MAJOR_UNITS = 99_999_999_999.99;
const MAX_MONEY: Decimal = { unscaled: 9_999_999_999_999n, scale: 2 };

/** The largest magnitude of a unit count: an invoice quantity, a package size, a range bound. */
export const MAX_UNIT_COUNT = 1_000_000_000_000;
/** The most decimals a unit count carries (invoice quantities). */
export const MAX_UNIT_DECIMALS = 12;

/** The money maximum in the currency's minor units: USD 9,999,999,999,999, JPY 99,999,999,999, KWD 99,999,999,999,990. */
export function maxMoneyMinorUnits(currency: CurrencyCode): bigint {
  const exponent = BigInt(currencyExponent(currency));
  return (MAX_MONEY.unscaled * 10n ** exponent) / 10n ** BigInt(MAX_MONEY.scale);
}

const magnitudeAbove = (value: Factor, bound: Factor): boolean => {
  const a = toRational(value);
  const b = toRational(bound);
  const numerator = a.numerator < 0n ? -a.numerator : a.numerator;
  return numerator * b.denominator > b.numerator * a.denominator;
};

/** Whether an exact amount in major units (a product, a total) is beyond the money maximum either way. */
export const exceedsMoneyMaximum = (majorUnits: Factor): boolean => magnitudeAbove(majorUnits, MAX_MONEY);

/** Whether a unit count is beyond MAX_UNIT_COUNT either way. */
export const exceedsUnitCount = (units: Factor): boolean => magnitudeAbove(units, BigInt(MAX_UNIT_COUNT));

/**
 * An event value is read as "an exact decimal of up to 15 significant digits": its magnitude is at most 10^15 and it
 * carries at most 15 decimals, so every one of them is an exact decimal of at most 30 digits. Pricing a period's sum of
 * such values stays exact (bigint rationals) and is refused with a MoneyOverflowError when the amount passes the money
 * maximum, as for any other unit count.
 */
export const MAX_EVENT_VALUE = 1_000_000_000_000_000;
/** The most decimals an event value carries. */
export const MAX_EVENT_VALUE_DECIMALS = 15;

/** Why an event value is out of bounds, or undefined when it is within them. */
export function eventValueProblem(value: Decimal): string | undefined {
  if (magnitudeAbove(value, BigInt(MAX_EVENT_VALUE)))
    return `must be between -${MAX_EVENT_VALUE} and ${MAX_EVENT_VALUE}`;
  if (value.scale > MAX_EVENT_VALUE_DECIMALS) return `must have at most ${MAX_EVENT_VALUE_DECIMALS} decimals`;
  return undefined;
}

/** Why a unit count (an invoice quantity) is out of bounds, or undefined when it is within them. */
export function unitCountProblem(units: Decimal): string | undefined {
  if (exceedsUnitCount(units)) return `must be between -${MAX_UNIT_COUNT} and ${MAX_UNIT_COUNT}`;
  if (units.scale > MAX_UNIT_DECIMALS) return `must have at most ${MAX_UNIT_DECIMALS} decimals`;
  return undefined;
}

/**
 * Thrown by pricing when an amount it computed is beyond the money maximum (usage far beyond any real bill). A
 * business failure, not a transient one: retrying computes the same amount.
 */
export class MoneyOverflowError extends Error {
  readonly code = 'amount_out_of_range';

  constructor(
    readonly amountMinor: bigint,
    readonly currency: CurrencyCode,
  ) {
    super(
      `An amount of ${amountMinor} minor units of ${currency} is beyond the money maximum of ${MAX_MONEY_MAJOR_UNITS}`,
    );
    this.name = 'MoneyOverflowError';
  }
}

/** The amount itself when within the money maximum; a MoneyOverflowError otherwise. */
export function requireWithinMoneyMaximum(amountMinor: bigint, currency: CurrencyCode): bigint {
  const limit = maxMoneyMinorUnits(currency);
  if (amountMinor > limit || amountMinor < -limit) throw new MoneyOverflowError(amountMinor, currency);
  return amountMinor;
}
