import { createRational, toRational, type Decimal, type Rational } from '../money';

/**
 * Units are exact: a SUM of decimals, a WEIGHTED_SUM's fraction of the period. These few operations keep them
 * exact; the one rounding happens in the charge model's fee (CONTRACT §5).
 */
export const ZERO_UNITS: Rational = { numerator: 0n, denominator: 1n };

export const unitsOf = (value: bigint | Decimal | Rational): Rational => toRational(value);

export function addUnits(left: Rational, right: Rational): Rational {
  return createRational(
    left.numerator * right.denominator + right.numerator * left.denominator,
    left.denominator * right.denominator,
  );
}

export const multiplyUnits = (left: Rational, right: Rational): Rational =>
  createRational(left.numerator * right.numerator, left.denominator * right.denominator);

export const divideUnits = (left: Rational, right: Rational): Rational =>
  createRational(left.numerator * right.denominator, left.denominator * right.numerator);

export function compareUnits(left: Rational, right: Rational): number {
  const difference = left.numerator * right.denominator - right.numerator * left.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export const sumUnits = (values: readonly Rational[]): Rational => values.reduce(addUnits, ZERO_UNITS);
