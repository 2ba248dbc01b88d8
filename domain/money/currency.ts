import { data as isoCurrencies } from 'currency-codes';

import { fail, MoneyInvariantError, type MoneyResult, succeed } from './money-error';

declare const currencyCodeBrand: unique symbol;

/** An ISO 4217 alphabetic code known to have a minor unit, upper case. Obtain one through `parseCurrencyCode`. */
export type CurrencyCode = string & { readonly [currencyCodeBrand]: true };

/**
 * ISO 4217 lists these with minor unit "N.A." (precious metals, fund and settlement units, testing, no currency).
 * currency-codes 2.2.0 turns "N.A." into `digits: 0` (parseInt fails, `|| 0`), which would make gold look like yen,
 * so they are excluded by name. Taken from the list-one XML shipped in currency-codes (published 2024-06-25).
 */
const CODES_WITHOUT_MINOR_UNIT: ReadonlySet<string> = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

const EXPONENTS: ReadonlyMap<string, number> = new Map(
  isoCurrencies
    .filter((record) => !CODES_WITHOUT_MINOR_UNIT.has(record.code) && Number.isInteger(record.digits))
    .map((record) => [record.code, record.digits]),
);

const ALPHABETIC_CODE = /^[A-Za-z]{3}$/;

/** Accepts any case ('usd', 'Usd'), returns the upper-case code; unknown codes and codes without minor unit fail. */
export function parseCurrencyCode(input: string): MoneyResult<CurrencyCode> {
  const upper = input.toUpperCase();
  if (!ALPHABETIC_CODE.test(input) || !EXPONENTS.has(upper)) {
    return fail('invalid_currency', `Unknown currency code: ${JSON.stringify(input)}`);
  }
  return succeed(upper as CurrencyCode);
}

/** For codes the program itself trusts (constants, stored rows, tests): an unknown code is a broken invariant. */
export function toCurrencyCode(input: string): CurrencyCode {
  const parsed = parseCurrencyCode(input);
  if (!parsed.ok) throw new MoneyInvariantError(parsed.error.message);
  return parsed.value;
}

/** The ISO 4217 minor unit: USD 2, JPY 0, KWD 3, CLF 4. */
export function currencyExponent(code: CurrencyCode): number {
  const exponent = EXPONENTS.get(code);
  if (exponent === undefined) throw new MoneyInvariantError(`Not a currency with a minor unit: ${code}`);
  return exponent;
}

/** Every code `parseCurrencyCode` accepts, in ISO list order. */
export function listCurrencyCodes(): readonly CurrencyCode[] {
  return [...EXPONENTS.keys()] as CurrencyCode[];
}
