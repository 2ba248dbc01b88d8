import { createRational, formatDecimal, roundToMinorUnits, toRational, type Factor, type Rational } from '../money';

/** Decimals of a usage line's `unitAmount` and of a units count that has no finite decimal form (CONTRACT §10). */
export const USAGE_DECIMALS = 12;

/** The number of decimals a rational's exact decimal form needs, or undefined when it has none (1/3). */
function terminatingScale(value: Rational): number | undefined {
  let rest = value.denominator;
  let twos = 0;
  let fives = 0;
  while (rest % 2n === 0n) {
    rest /= 2n;
    twos += 1;
  }
  while (rest % 5n === 0n) {
    rest /= 5n;
    fives += 1;
  }
  return rest === 1n ? Math.max(twos, fives) : undefined;
}

/** `value` rounded half away from zero to `decimals` places, as a decimal string ('1.323925470012'). */
export function formatRounded(value: Factor, decimals: number): string {
  const exact = toRational(value);
  const scale = 10n ** BigInt(decimals);
  const scaled = roundToMinorUnits(exact.numerator * scale, exact.denominator);
  return formatDecimal(normalise(scaled, decimals));
}

/**
 * A units count as an invoice line's quantity: exact when it has a finite decimal form of at most 18 places (SUMs
 * of decimals, counts), else rounded to 12 decimals (a WEIGHTED_SUM's seconds ratio: 3,546,002 / 2,678,400 units
 * is 1.323925477897). The amount is always priced on the exact value; the quantity is for information.
 */
export function formatUnits(units: Factor): string {
  const exact = toRational(units);
  const scale = terminatingScale(exact);
  if (scale === undefined || scale > 18) return formatRounded(exact, USAGE_DECIMALS);
  const unscaled = (exact.numerator * 10n ** BigInt(scale)) / exact.denominator;
  return formatDecimal(normalise(unscaled, scale));
}

function normalise(unscaled: bigint, scale: number): { unscaled: bigint; scale: number } {
  let digits = unscaled;
  let places = scale;
  while (places > 0 && digits % 10n === 0n) {
    digits /= 10n;
    places -= 1;
  }
  return { unscaled: digits, scale: places };
}

/** amount / quantity to 12 decimals; 0 when the quantity is 0 (CONTRACT §10: for information only). */
export function unitAmountOf(amountMajor: Factor, quantity: Factor): string {
  const units = toRational(quantity);
  if (units.numerator === 0n) return '0';
  const amount = toRational(amountMajor);
  const ratio = createRational(amount.numerator * units.denominator, amount.denominator * units.numerator);
  return formatRounded(ratio, USAGE_DECIMALS);
}

/** 10^308: a unit count below it in magnitude is a finite JSON number (the largest double is about 1.8 × 10^308). */
const PRESENTABLE_UNITS_LIMIT = 10n ** 308n;

/**
 * Whether a unit count can be a finite JSON number. Event values are bounded at ingestion, so only values stored
 * before those bounds (or an astronomical count of events) can fail this.
 */
export function isPresentableUnits(units: Factor): boolean {
  const exact = toRational(units);
  const magnitude = exact.numerator < 0n ? -exact.numerator : exact.numerator;
  return magnitude < PRESENTABLE_UNITS_LIMIT * exact.denominator;
}
