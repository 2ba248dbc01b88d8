import {
  multiplyExact,
  roundToMoney,
  toRational,
  type CurrencyCode,
  type Decimal,
  type Money,
  type Rational,
} from '../money';
import { addExact, compareExact, maxExact, minExact, subtractExact, sumExact, ZERO } from './exact';
import { ChargeModelInvariantError } from './unit-charges';

/** Parameters of a PERCENTAGE charge; amounts in major units, exact decimals. */
export interface PercentageTerms {
  /** Percentage 0..100 taken of each transaction's paying amount. */
  readonly rate: Decimal;
  /** Added to every paying transaction's fee. */
  readonly fixedAmount?: Decimal;
  /** The first N transactions of the period are free. */
  readonly freeUnitsPerEvents?: bigint;
  /** The first X of transaction amount of the period (summed in event order) is free. */
  readonly freeUnitsPerTotalAggregation?: Decimal;
  readonly perTransactionMin?: Decimal;
  readonly perTransactionMax?: Decimal;
}

/**
 * PERCENTAGE (after Lago's percentage model, made explicit): transactions are the amounts of the period's events,
 * in event order, each non-negative.
 * 1. Free allowance. With neither free setting nothing is free. While the allowance lasts, a transaction is covered
 *    up to the free amount left (all of it when only `freeUnitsPerEvents` is set) and uses one free event (no limit
 *    when only `freeUnitsPerTotalAggregation` is set): with both, the allowance ends when either is used up. The
 *    rest of a partly covered transaction pays.
 * 2. A transaction whose paying amount is positive costs `rate`% of that amount plus `fixedAmount`, then clamped to
 *    [perTransactionMin, perTransactionMax]. A transaction paying nothing (free, or of amount 0) costs 0: no fixed
 *    fee, no minimum.
 * 3. The fee is the exact sum over transactions, rounded once.
 */
export function percentageExact(charge: { transactions: readonly Decimal[]; terms: PercentageTerms }): Rational {
  const { terms } = charge;
  let freeEventsLeft = terms.freeUnitsPerEvents ?? null;
  let freeAmountLeft: Rational | null =
    terms.freeUnitsPerTotalAggregation === undefined ? null : toRational(terms.freeUnitsPerTotalAggregation);
  const hasAllowance = freeEventsLeft !== null || freeAmountLeft !== null;
  const fees = charge.transactions.map((amount) => {
    if (amount.unscaled < 0n) throw new ChargeModelInvariantError('A transaction amount cannot be negative');
    let paying: Rational = subtractExact(amount, 0n);
    if (hasAllowance && (freeEventsLeft === null || freeEventsLeft > 0n)) {
      const covered = freeAmountLeft === null ? paying : minExact(paying, freeAmountLeft);
      paying = subtractExact(paying, covered);
      if (freeAmountLeft !== null) freeAmountLeft = subtractExact(freeAmountLeft, covered);
      if (freeEventsLeft !== null) freeEventsLeft -= 1n;
    }
    return transactionFee(paying, terms);
  });
  return sumExact(fees);
}

function transactionFee(paying: Rational, terms: PercentageTerms): Rational {
  if (compareExact(paying, 0n) <= 0) return ZERO;
  let fee = addExact(multiplyExact(paying, rateFraction(terms.rate)), terms.fixedAmount ?? 0n);
  if (terms.perTransactionMin !== undefined) fee = maxExact(fee, terms.perTransactionMin);
  if (terms.perTransactionMax !== undefined) fee = minExact(fee, terms.perTransactionMax);
  return fee;
}

const rateFraction = (rate: Decimal): Rational => multiplyExact(rate, { numerator: 1n, denominator: 100n });

export function pricePercentage(charge: {
  transactions: readonly Decimal[];
  terms: PercentageTerms;
  currency: CurrencyCode;
}): Money {
  return roundToMoney(percentageExact(charge), charge.currency);
}
