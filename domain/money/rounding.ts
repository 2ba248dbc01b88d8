import { MoneyInvariantError } from './money-error';

/**
 * The one rounding rule of the platform. CONTRACT §5: fees are rounded once, per invoice line, half away from zero,
 * to the currency's minor unit. Half away from zero (commercial rounding) is what customers check invoices with,
 * and it is symmetric, so a credit note for a line rounds to exactly the negated line.
 */
export type RoundingRule = 'HALF_AWAY_FROM_ZERO';

export const HALF_AWAY_FROM_ZERO: RoundingRule = 'HALF_AWAY_FROM_ZERO';

/** Whether a magnitude's quotient goes up, given the remainder; a new rule cannot be added without its entry. */
const ROUNDS_UP: Readonly<Record<RoundingRule, (remainder: bigint, divisor: bigint) => boolean>> = {
  HALF_AWAY_FROM_ZERO: (remainder, divisor) => 2n * remainder >= divisor,
};

/**
 * Rounds the exact count of minor units `numerator / denominator` to an integer with the platform's rule, e.g.
 * proration `roundToMinorUnits(fee.amount * daysUsed, daysInPeriod)`: 2.5 → 3, -2.5 → -3, 2.4999 → 2.
 */
export function roundToMinorUnits(numerator: bigint, denominator: bigint): bigint {
  return roundQuotient(numerator, denominator, HALF_AWAY_FROM_ZERO);
}

/** Divides and rounds by `rule`; a zero denominator is a broken invariant. */
export function roundQuotient(numerator: bigint, denominator: bigint, rule: RoundingRule): bigint {
  if (denominator === 0n) throw new MoneyInvariantError('Cannot divide an amount by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const dividend = numerator < 0n ? -numerator : numerator;
  const divisor = denominator < 0n ? -denominator : denominator;
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  const magnitude = ROUNDS_UP[rule](remainder, divisor) ? quotient + 1n : quotient;
  return negative ? -magnitude : magnitude;
}
