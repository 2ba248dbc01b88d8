import { currencyExponent, type CurrencyCode } from '../../../domain/money';

/** The currencies Paystack settles (its transaction API: NGN, GHS, ZAR, KES and USD), CONTRACT §11 and issue 17. */
export const PAYSTACK_CURRENCIES: ReadonlySet<string> = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']);

/** Paystack's amounts are in the subunit: kobo, pesewas, cents, a hundredth of the currency in every case. */
const PAYSTACK_SUBUNIT_EXPONENT = 2;

/**
 * Our minor units as Paystack's subunit amount. Every Paystack currency has ISO 4217 exponent 2, so the number is the
 * same; the check keeps a currency added to the set later from being charged a hundred times too much or too little.
 */
export function toPaystackSubunits(amountMinor: bigint, currency: CurrencyCode): bigint | undefined {
  if (!PAYSTACK_CURRENCIES.has(currency) || currencyExponent(currency) !== PAYSTACK_SUBUNIT_EXPONENT) return undefined;
  return amountMinor;
}
