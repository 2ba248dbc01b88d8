import { type Decimal } from './decimal';
import { MoneyInvariantError } from './money-error';

/** An exact fraction in lowest terms with a positive denominator: proration ratios (days used / days in period). */
export interface Rational {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** What money can be multiplied by: an integer quantity, an exact decimal (unit price) or a ratio. */
export type Factor = bigint | Decimal | Rational;

/** Builds the fraction in lowest terms; a zero denominator is a broken invariant. */
export function createRational(numerator: bigint, denominator: bigint): Rational {
  if (denominator === 0n) throw new MoneyInvariantError('A rational needs a non-zero denominator');
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = greatestCommonDivisor(numerator, denominator);
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

export function toRational(factor: Factor): Rational {
  if (typeof factor === 'bigint') return { numerator: factor, denominator: 1n };
  if ('scale' in factor) return createRational(factor.unscaled, 10n ** BigInt(factor.scale));
  return createRational(factor.numerator, factor.denominator);
}

/** The exact product, e.g. units consumed × unit price, before the one rounding of the invoice line. */
export function multiplyExact(left: Factor, right: Factor): Rational {
  const a = toRational(left);
  const b = toRational(right);
  return createRational(a.numerator * b.numerator, a.denominator * b.denominator);
}

function greatestCommonDivisor(left: bigint, right: bigint): bigint {
  let a = left < 0n ? -left : left;
  let b = right < 0n ? -right : right;
  while (b !== 0n) {
    [a, b] = [b, a % b];
  }
  return a === 0n ? 1n : a;
}
