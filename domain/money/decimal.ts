import { fail, type MoneyResult, succeed } from './money-error';

/**
 * An exact decimal number, `unscaled × 10^-scale`, normalised without trailing fraction zeros so that equal values
 * are equal records: 0.0004 is `{ unscaled: 4n, scale: 4 }`, 1500 is `{ unscaled: 1500n, scale: 0 }`.
 */
export interface Decimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

/** CONTRACT §5: unit prices of usage charges carry up to 12 decimals. */
export const MAX_UNIT_PRICE_DECIMALS = 12;

// Bounds keep hostile input ('1e999999999') from building huge bigints; doubles print exponents within ±324.
const MAX_NOTATION_LENGTH = 64;
const MAX_EXPONENT = 400;
const DECIMAL_NOTATION = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Reads decimal notation exactly: '49.99', '-0.5', '1e-7', '1.5e+21' (the forms `String(number)` produces) and
 * plain decimal strings. Returns undefined for anything else, including '.5', '5.', whitespace, 'NaN', 'Infinity'.
 */
export function readDecimalNotation(text: string): Decimal | undefined {
  if (text.length > MAX_NOTATION_LENGTH) return undefined;
  const match = DECIMAL_NOTATION.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const magnitude = BigInt(whole + fraction);
  return normaliseDecimal(sign === '-' ? -magnitude : magnitude, fraction.length - exponent);
}

/** Brings `unscaled × 10^-scale` to the normal form: scale >= 0, no trailing fraction zeros. */
export function normaliseDecimal(unscaled: bigint, scale: number): Decimal {
  if (scale <= 0) return { unscaled: unscaled * 10n ** BigInt(-scale), scale: 0 };
  let digits = unscaled;
  let places = scale;
  while (places > 0 && digits % 10n === 0n) {
    digits /= 10n;
    places -= 1;
  }
  return { unscaled: digits, scale: places };
}

/**
 * Parses a unit price or another exact decimal. A number goes through its shortest round-trip decimal string
 * (`String(n)`), never through float arithmetic, so 0.0004 is exactly 4 × 10^-4 and 0.1 + 0.2 has 17 decimals.
 * Strings may carry trailing zeros beyond `maxDecimals` ('1.000000000000000'); they are not significant.
 */
export function parseDecimal(input: string | number, maxDecimals = MAX_UNIT_PRICE_DECIMALS): MoneyResult<Decimal> {
  const text = typeof input === 'number' ? String(input) : input;
  const decimal = readDecimalNotation(text);
  if (decimal === undefined) return fail('invalid_decimal', `Not a finite decimal number: ${JSON.stringify(text)}`);
  if (decimal.scale > maxDecimals) {
    return fail('too_many_decimals', `${text} has ${decimal.scale} decimals; at most ${maxDecimals} are allowed`);
  }
  return succeed(decimal);
}

/** Writes `unscaled × 10^-scale` with exactly `scale` decimals: (-50n, 2) is '-0.50', (1500n, 0) is '1500'. */
export function formatScaled(unscaled: bigint, scale: number): string {
  const sign = unscaled < 0n ? '-' : '';
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale > 0 ? `${sign}${whole}.${digits.slice(digits.length - scale)}` : `${sign}${whole}`;
}

/** The exact decimal string: '0.0004', '-12.5', '1500'. */
export function formatDecimal(decimal: Decimal): string {
  return formatScaled(decimal.unscaled, decimal.scale);
}

/** A JSON number for the decimal; exact (round-trips through `parseDecimal`) up to 15 significant digits. */
export function presentDecimal(decimal: Decimal): number {
  return Number(formatDecimal(decimal));
}
