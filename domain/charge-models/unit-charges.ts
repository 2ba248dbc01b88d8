import {
  multiplyExact,
  roundToMoney,
  toRational,
  type CurrencyCode,
  type Decimal,
  type Factor,
  type Money,
  type Rational,
} from '../money';
import { rangeFloor, type ChargeRange } from './charge-range';
import {
  addExact,
  ceilNonNegative,
  compareExact,
  divideExact,
  maxExact,
  minExact,
  subtractExact,
  sumExact,
  ZERO,
} from './exact';

/**
 * Charge models priced on a quantity of units (the metric's aggregation over the period). Each `*Exact` function
 * returns the fee in major units as an exact rational; each `price*` rounds it ONCE to the currency's minor unit, half
 * away from zero (CONTRACT §5: fees are rounded once per invoice line). Quantities are non-negative and may be
 * fractional (a SUM of decimals); a negative quantity is a broken invariant.
 */

export class ChargeModelInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChargeModelInvariantError';
  }
}

function requireNonNegative(units: Factor): Rational {
  const quantity = toRational(units);
  if (quantity.numerator < 0n) throw new ChargeModelInvariantError('A charge quantity cannot be negative');
  return quantity;
}

/** STANDARD: units × amount per unit. */
export function standardExact(charge: { units: Factor; amount: Decimal }): Rational {
  return multiplyExact(requireNonNegative(charge.units), charge.amount);
}

/**
 * GRADUATED: each range charges the units falling in it, (fromValue, toValue], at its unit price, plus its flat fee
 * when at least one unit (any positive part of the quantity) falls in it. 0 units cost 0. The ranges must have passed
 * `validateRanges`. 250 units over 0-100 @1.00, 100-200 @0.50, 200+ @0.10 = 100 + 50 + 5 = 155.00.
 */
export function graduatedExact(charge: { units: Factor; ranges: readonly ChargeRange[] }): Rational {
  const units = requireNonNegative(charge.units);
  const parts = charge.ranges.map((range, index) => {
    const floor = rangeFloor(charge.ranges, index);
    if (compareExact(units, floor) <= 0) return ZERO;
    const top = range.toValue === null ? units : minExact(units, range.toValue);
    const inRange = subtractExact(top, floor);
    return addExact(multiplyExact(inRange, range.perUnitAmount), range.flatAmount);
  });
  return sumExact(parts);
}

/**
 * The range a total falls in for VOLUME pricing: the one with fromValue < units <= toValue (open last range); 0 units
 * fall in no range.
 */
export function volumeRangeOf(units: Factor, ranges: readonly ChargeRange[]): ChargeRange | undefined {
  return ranges.find(
    (range, index) =>
      compareExact(units, rangeFloor(ranges, index)) > 0 &&
      (range.toValue === null || compareExact(units, range.toValue) <= 0),
  );
}

/**
 * VOLUME: every unit at the unit price of the range the total falls in, plus that range's flat fee. 0 units cost 0
 * (no range holds a unit, so no flat fee either). 150 units over 0-100 @1.00, 100+ @0.50 = 75.00.
 */
export function volumeExact(charge: { units: Factor; ranges: readonly ChargeRange[] }): Rational {
  const units = requireNonNegative(charge.units);
  const range = volumeRangeOf(units, charge.ranges);
  if (range === undefined) return ZERO;
  return addExact(multiplyExact(units, range.perUnitAmount), range.flatAmount);
}

/** PACKAGE: every started package of `packageSize` units beyond `freeUnits` costs `amount`. */
export function packageExact(charge: {
  units: Factor;
  amount: Decimal;
  packageSize: bigint;
  freeUnits: bigint;
}): Rational {
  if (charge.packageSize < 1n) throw new ChargeModelInvariantError('A package holds at least one unit');
  if (charge.freeUnits < 0n) throw new ChargeModelInvariantError('Free units cannot be negative');
  const paying = maxExact(subtractExact(requireNonNegative(charge.units), charge.freeUnits), 0n);
  return multiplyExact(packageCount(paying, charge.packageSize), charge.amount);
}

/** Packages started by a paying quantity: ceil(paying / packageSize). */
export function packageCount(paying: Factor, packageSize: bigint): bigint {
  return ceilNonNegative(divideExact(paying, packageSize));
}

export function priceStandard(charge: { units: Factor; amount: Decimal; currency: CurrencyCode }): Money {
  return roundToMoney(standardExact(charge), charge.currency);
}

export function priceGraduated(charge: {
  units: Factor;
  ranges: readonly ChargeRange[];
  currency: CurrencyCode;
}): Money {
  return roundToMoney(graduatedExact(charge), charge.currency);
}

export function priceVolume(charge: { units: Factor; ranges: readonly ChargeRange[]; currency: CurrencyCode }): Money {
  return roundToMoney(volumeExact(charge), charge.currency);
}

export function pricePackage(charge: {
  units: Factor;
  amount: Decimal;
  packageSize: bigint;
  freeUnits: bigint;
  currency: CurrencyCode;
}): Money {
  return roundToMoney(packageExact(charge), charge.currency);
}
