import { formatScaled, parseDecimal, type Decimal, type MoneyResult } from '../money';

/** Wallet credits carry up to 5 decimals: amounts of credits are integers of 10^-5 credit ("credit units"). */
export const CREDIT_DECIMALS = 5;
const UNITS_PER_CREDIT = 10n ** BigInt(CREDIT_DECIMALS);

/** An amount of credits in units of 10^-5 credit: 12.5 credits is 1_250_000n. */
export type CreditUnits = bigint;

/**
 * Reads credits as a caller writes them (12.5, '0.00001'); more than 5 decimals is `too_many_decimals`. The sign is
 * kept: whether a negative amount is allowed is the caller's rule.
 */
export function parseCredits(input: number | string): MoneyResult<CreditUnits> {
  const parsed = parseDecimal(input, CREDIT_DECIMALS);
  if (!parsed.ok) return parsed;
  return { ok: true, value: parsed.value.unscaled * 10n ** BigInt(CREDIT_DECIMALS - parsed.value.scale) };
}

/** Credit units as an exact decimal (what multiplies the rate). */
export function creditsDecimal(units: CreditUnits): Decimal {
  return { unscaled: units, scale: CREDIT_DECIMALS };
}

/** Credit units written with exactly 5 decimals: 1_250_000n is '12.50000'. */
export function formatCredits(units: CreditUnits): string {
  return formatScaled(units, CREDIT_DECIMALS);
}

/** Credit units as a JSON number: 1_250_000n is 12.5 (exact: credits stay within 15 significant digits). */
export function presentCredits(units: CreditUnits): number {
  return Number(formatCredits(units));
}

/** Whole credits as credit units (tests and fixtures: 100 credits). */
export const wholeCredits = (credits: bigint): CreditUnits => credits * UNITS_PER_CREDIT;
