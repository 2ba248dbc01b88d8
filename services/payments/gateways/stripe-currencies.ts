import { currencyExponent, type CurrencyCode } from '../../../domain/money';

/**
 * Stripe's documented presentment currencies (docs.stripe.com/currencies, "Supported presentment currencies", with the
 * three-decimal currencies of its "Three-decimal currencies" section). Two listed codes are left out because they are
 * not ISO 4217 codes our money table knows, so no invoice can be in them: STD (retired for STN) and XCG (added to
 * ISO 4217 after the currency-codes table the platform ships).
 */
export const STRIPE_CURRENCIES: ReadonlySet<string> = new Set(
  (
    'USD AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BIF BMD BND BOB BRL BSD BWP BYN BZD CAD CDF CHF CLP ' +
    'CNY COP CRC CVE CZK DJF DKK DOP DZD EGP ETB EUR FJD FKP GBP GEL GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR ' +
    'ISK JMD JPY KES KGS KHR KMF KRW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MUR MVR MWK MXN MYR MZN ' +
    'NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SEK SGD SHP SLE SOS SRD SZL ' +
    'THB TJS TOP TRY TTD TWD TZS UAH UGX UYU UZS VND VUV WST XAF XCD XOF XPF YER ZAR ZMW BHD JOD KWD OMR TND'
  ).split(' '),
);

/**
 * Stripe's zero-decimal currencies: the API amount is the major unit. Every one has ISO exponent 0 except MGA
 * (ISO 2), whose amounts are converted exactly below.
 */
const ZERO_DECIMAL: ReadonlySet<string> = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);
/** ISK is ISO exponent 0, but Stripe keeps it two-decimal for backwards compatibility (5 ISK is `500`). */
const TWO_DECIMAL_FOR_COMPATIBILITY: ReadonlySet<string> = new Set(['ISK']);
/** Stripe takes these in thousandths but requires the last digit to be 0 (its payment partners' rule). */
const THREE_DECIMAL: ReadonlySet<string> = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** The number of decimals of Stripe's `amount` for a currency (its "smallest currency unit"). */
function stripeExponent(currency: CurrencyCode): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (TWO_DECIMAL_FOR_COMPATIBILITY.has(currency)) return 2;
  return currencyExponent(currency);
}

export type StripeAmount = { ok: true; amount: bigint } | { ok: false; reason: string };

/**
 * Our minor units (ISO exponent) as Stripe's amount, exactly: scaled up where Stripe has more decimals (ISK), down
 * where it has fewer (MGA) only when nothing is lost. An amount Stripe cannot take exactly (MGA with ariary
 * fractions, a three-decimal amount not ending in 0) is refused rather than rounded: rounding would charge the payer
 * something other than the invoice says.
 */
export function toStripeAmount(amountMinor: bigint, currency: CurrencyCode): StripeAmount {
  const shift = stripeExponent(currency) - currencyExponent(currency);
  let amount = amountMinor;
  if (shift > 0) amount = amountMinor * 10n ** BigInt(shift);
  if (shift < 0) {
    const divisor = 10n ** BigInt(-shift);
    if (amountMinor % divisor !== 0n) {
      return { ok: false, reason: `Stripe takes ${currency} in whole units only; ${amountMinor} minor units is not` };
    }
    amount = amountMinor / divisor;
  }
  if (THREE_DECIMAL.has(currency) && amount % 10n !== 0n) {
    return { ok: false, reason: `Stripe requires ${currency} amounts to end in 0 (thousandths); ${amount} does not` };
  }
  return { ok: true, amount };
}

/** Stripe's amount back in our minor units; undefined when it is not a whole number of them (never for MGA sent by
 *  us, but an amount Stripe reports is not ours to trust). */
export function fromStripeAmount(amount: bigint, currency: CurrencyCode): bigint | undefined {
  const shift = currencyExponent(currency) - stripeExponent(currency);
  if (shift >= 0) return amount * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  return amount % divisor === 0n ? amount / divisor : undefined;
}
