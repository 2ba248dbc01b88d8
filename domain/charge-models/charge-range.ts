import { type Decimal } from '../money';

/**
 * A price range of a GRADUATED or VOLUME charge. Bounds are whole units; a range covers the quantity interval from
 * the previous range's toValue (exclusive; 0 for the first) to its own toValue (inclusive). Its fromValue may be written
 * either way: as that previous toValue (0-100, 100-200) or as its first unit (0-100, 101-200, as Lago writes tiers);
 * both put unit 100 in the first range and units above 100, 100.5 included, in the second. The last range is open
 * (`toValue: null`).
 */
export interface ChargeRange {
  readonly fromValue: bigint;
  readonly toValue: bigint | null;
  /** Price of one unit, an exact decimal of up to 12 places, in major units. */
  readonly perUnitAmount: Decimal;
  /** Fee charged once when at least one unit falls in the range, in major units. */
  readonly flatAmount: Decimal;
}

export type RangeField = 'fromValue' | 'toValue' | 'perUnitAmount' | 'flatAmount';

export type RangeErrorCode =
  | 'no_ranges'
  | 'first_range_not_from_zero'
  | 'range_not_contiguous'
  | 'range_empty'
  | 'open_range_not_last'
  | 'last_range_not_open'
  | 'negative_amount';

/** One problem of a list of ranges; `index` is the range's position, `field` the offending field. */
export interface RangeError {
  readonly code: RangeErrorCode;
  readonly index: number;
  readonly field: RangeField | null;
  readonly message: string;
}

export type RangeValidation = { readonly ok: true } | { readonly ok: false; readonly errors: readonly RangeError[] };

/**
 * The exclusive lower bound of the quantities range `index` covers: the previous range's toValue, whichever way the
 * range writes its fromValue; the first range's fromValue (0).
 */
export function rangeFloor(ranges: readonly ChargeRange[], index: number): bigint {
  const range = ranges[index];
  const previous = ranges[index - 1];
  if (range === undefined) throw new Error(`No range ${index}`);
  return previous?.toValue ?? range.fromValue;
}

/**
 * Checks the shape a price table needs: at least one range, the first from 0, each from the previous one's toValue or
 * the unit after it (no gap, no overlap), toValue above the range's floor, only the last range open, no negative
 * amounts. Returns every problem with its index so an API can name `graduatedRanges.N.fromValue`.
 */
export function validateRanges(ranges: readonly ChargeRange[]): RangeValidation {
  if (ranges.length === 0) return { ok: false, errors: [rangeError('no_ranges', 0, null, 'at least one range')] };
  const errors = ranges.flatMap((range, index) => checkRange(range, index, ranges));
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

function checkRange(range: ChargeRange, index: number, ranges: readonly ChargeRange[]): RangeError[] {
  const errors: RangeError[] = [];
  const previous = ranges[index - 1];
  const isLast = index === ranges.length - 1;
  if (index === 0 && range.fromValue !== 0n) {
    errors.push(rangeError('first_range_not_from_zero', index, 'fromValue', 'must be 0 for the first range'));
  }
  const previousTop = previous?.toValue ?? null;
  const follows = previousTop === null || range.fromValue === previousTop || range.fromValue === previousTop + 1n;
  if (previousTop !== null && !follows) {
    const message = `must be the previous range's toValue (${previousTop}) or the unit after it (${previousTop + 1n})`;
    errors.push(rangeError('range_not_contiguous', index, 'fromValue', message));
  }
  if (range.toValue === null && !isLast) {
    errors.push(rangeError('open_range_not_last', index, 'toValue', 'only the last range may be open (null)'));
  }
  if (range.toValue !== null && isLast) {
    errors.push(rangeError('last_range_not_open', index, 'toValue', 'the last range must be open (null or omitted)'));
  }
  const floor = follows ? (previousTop ?? range.fromValue) : range.fromValue;
  if (range.toValue !== null && (range.toValue <= floor || range.toValue < range.fromValue)) {
    const message = floor === range.fromValue ? 'must be greater than fromValue' : 'must not be below fromValue';
    errors.push(rangeError('range_empty', index, 'toValue', message));
  }
  if (range.perUnitAmount.unscaled < 0n) {
    errors.push(rangeError('negative_amount', index, 'perUnitAmount', 'must not be negative'));
  }
  if (range.flatAmount.unscaled < 0n) {
    errors.push(rangeError('negative_amount', index, 'flatAmount', 'must not be negative'));
  }
  return errors;
}

const rangeError = (code: RangeErrorCode, index: number, field: RangeField | null, message: string): RangeError => ({
  code,
  index,
  field,
  message,
});
