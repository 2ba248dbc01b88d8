import { createRational, toRational, type Factor, type Rational } from '../money';

/**
 * Exact rational arithmetic for charge models: every fee is computed exactly and rounded once per line
 * (CONTRACT §5), so the intermediate sums, minima and ceilings must not round.
 */

export const ZERO: Rational = { numerator: 0n, denominator: 1n };

export function addExact(left: Factor, right: Factor): Rational {
  const a = toRational(left);
  const b = toRational(right);
  return createRational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function subtractExact(left: Factor, right: Factor): Rational {
  const b = toRational(right);
  return addExact(left, { numerator: -b.numerator, denominator: b.denominator });
}

/** Negative, zero or positive as `left` is below, equal to or above `right`. */
export function compareExact(left: Factor, right: Factor): number {
  const a = toRational(left);
  const b = toRational(right);
  const difference = a.numerator * b.denominator - b.numerator * a.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export const minExact = (left: Factor, right: Factor): Rational =>
  toRational(compareExact(left, right) <= 0 ? left : right);

export const maxExact = (left: Factor, right: Factor): Rational =>
  toRational(compareExact(left, right) >= 0 ? left : right);

export function divideExact(left: Factor, right: Factor): Rational {
  const a = toRational(left);
  const b = toRational(right);
  return createRational(a.numerator * b.denominator, a.denominator * b.numerator);
}

/** The smallest integer not below a non-negative rational: the number of packages started. */
export function ceilNonNegative(value: Factor): bigint {
  const { numerator, denominator } = toRational(value);
  return (numerator + denominator - 1n) / denominator;
}

export const sumExact = (values: readonly Factor[]): Rational => values.reduce<Rational>(addExact, ZERO);
