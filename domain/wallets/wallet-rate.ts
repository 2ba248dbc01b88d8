import {
  createRational,
  currencyExponent,
  multiplyExact,
  parseDecimal,
  roundToMoney,
  type CurrencyCode,
  type Decimal,
  type MoneyResult,
} from '../money';
import { CREDIT_DECIMALS, creditsDecimal, type CreditUnits } from './credits';

/** The value of one credit in the wallet's currency carries up to 12 decimals and is above 0. */
export const RATE_DECIMALS = 12;

/** Reads a wallet's `rateAmount` (major units per credit): above 0, at most 12 decimals. */
export function parseRate(input: number | string): MoneyResult<Decimal> {
  const parsed = parseDecimal(input, RATE_DECIMALS);
  if (!parsed.ok) return parsed;
  if (parsed.value.unscaled <= 0n) {
    return { ok: false, error: { code: 'invalid_decimal', message: 'must be above 0' } };
  }
  return parsed;
}

/** What credits are worth, in minor units of the currency: credits × rate, rounded once, half away from zero. */
export function creditsValue(credits: CreditUnits, rate: Decimal, currency: CurrencyCode): bigint {
  return roundToMoney(multiplyExact(creditsDecimal(credits), rate), currency).amount;
}

/**
 * The fewest credits worth at least `amountMinor`: amount / rate rounded up to 5 decimals. What an invoice uses when
 * it takes `amountMinor` from a wallet (never less than the amount's worth, so the wallet never gives money away).
 */
export function creditsCovering(amountMinor: bigint, rate: Decimal, currency: CurrencyCode): CreditUnits {
  if (amountMinor <= 0n) return 0n;
  // credits = amountMinor / 10^exponent / (rate.unscaled / 10^rate.scale), in units of 10^-5 credit.
  const exact = createRational(
    amountMinor * 10n ** BigInt(rate.scale) * 10n ** BigInt(CREDIT_DECIMALS),
    rate.unscaled * 10n ** BigInt(currencyExponent(currency)),
  );
  const whole = exact.numerator / exact.denominator;
  return exact.numerator % exact.denominator === 0n ? whole : whole + 1n;
}
