import { parseDecimal, toCurrencyCode, type Decimal } from '../domain/money';
import { type ChargeRange } from '../domain/charge-models/charge-range';

/** Fixtures shared by the charge model tests. */
export const USD = toCurrencyCode('USD');
export const JPY = toCurrencyCode('JPY');

export function decimal(input: string): Decimal {
  const parsed = parseDecimal(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** `range(0, 100, '1.00')`, with an optional flat fee; `to` null for the open last range. */
export function range(from: number, to: number | null, perUnit: string, flat = '0'): ChargeRange {
  return {
    fromValue: BigInt(from),
    toValue: to === null ? null : BigInt(to),
    perUnitAmount: decimal(perUnit),
    flatAmount: decimal(flat),
  };
}

/** STYLE's anchor: 0-100 @1.00, 100-200 @0.50, 200+ @0.10, no flat fees. */
export const ANCHOR_RANGES: readonly ChargeRange[] = [
  range(0, 100, '1.00'),
  range(100, 200, '0.50'),
  range(200, null, '0.10'),
];
