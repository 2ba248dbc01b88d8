import { DateTime } from 'luxon';
import countries from 'i18n-iso-countries';
import { currencyExponent, formatMajorUnits, parseDecimal, type CurrencyCode } from '../../domain/money';
import { formatScaled } from '../../domain/money/decimal';

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '-1234.5' → '-1,234.5': thousands grouped in the whole part only. */
function groupDecimalText(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = groupThousands(whole) + (fraction === undefined ? '' : `.${fraction}`);
  return negative ? `-${grouped}` : grouped;
}

/** Minor units with the currency's exponent and grouped thousands: USD 123450n → '1,234.50', JPY → '1,500'. */
export function formatAmount(minor: bigint, currency: CurrencyCode): string {
  return groupDecimalText(formatMajorUnits({ amount: minor, currency }));
}

/** `formatAmount` followed by the ISO code, for amounts read out of a table's context: '1,234.50 USD'. */
export function formatMoney(minor: bigint, currency: CurrencyCode): string {
  return `${formatAmount(minor, currency)} ${currency}`;
}

/**
 * A unit price in major units with at least the currency's decimals ('29' → '29.00' USD) and more only when the
 * price has them ('0.0004' stays '0.0004'): a sub-cent usage price must not be shown rounded.
 */
export function formatUnitAmount(decimalText: string, currency: CurrencyCode): string {
  const parsed = parseDecimal(decimalText, Number.MAX_SAFE_INTEGER);
  if (!parsed.ok) throw new Error(`unit amount is not a decimal: ${decimalText}`);
  const scale = Math.max(parsed.value.scale, currencyExponent(currency));
  const unscaled = parsed.value.unscaled * 10n ** BigInt(scale - parsed.value.scale);
  return groupDecimalText(formatScaled(unscaled, scale));
}

/** A quantity as stored ('1', '2.5', '10000'), thousands grouped. */
export function formatQuantity(decimalText: string): string {
  return groupDecimalText(decimalText);
}

/** The calendar date of an instant in a time zone, ISO style: 2026-01-15. */
export function formatCalendarDate(instant: Date, timeZone: string): string {
  const date = DateTime.fromJSDate(instant, { zone: timeZone }).toISODate();
  if (date === null) throw new Error(`cannot format ${instant.toISOString()} in time zone ${timeZone}`);
  return date;
}

/** The English short name of an ISO 3166-1 alpha-2 code, or the code itself if the list does not know it. */
export function countryName(code: string): string {
  return countries.getName(code, 'en', { select: 'official' }) ?? code;
}
