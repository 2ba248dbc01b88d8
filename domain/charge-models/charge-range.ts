import { type Decimal } from '../money';

/**
 * A price range of a GRADUATED or VOLUME charge. Bounds are whole units; a range covers the quantity interval
 * (fromValue, toValue], i.e. units fromValue+1..toValue (Lago's convention): 0-100 then 100-200 puts unit 100 in the
 * first range and unit 101 in the second. The last range is open (`toValue: null`).
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
 * Checks the shape a price table needs: at least one range, the first from 0, each from the previous one's toValue
 * (no gap, no overlap), toValue above fromValue, only the last range open, no negative amounts. Returns every problem
 * with its index so an API can name `graduatedRanges.N.fromValue`.
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
  if (previous !== undefined && previous.toValue !== null && range.fromValue !== previous.toValue) {
    const message = `must equal the previous range's toValue (${previous.toValue})`;
    errors.push(rangeError('range_not_contiguous', index, 'fromValue', message));
  }
  if (range.toValue === null && !isLast) {
    errors.push(rangeError('open_range_not_last', index, 'toValue', 'only the last range may be open (null)'));
  }
  if (range.toValue !== null && isLast) {
    errors.push(rangeError('last_range_not_open', index, 'toValue', 'the last range must be open (null or omitted)'));
  }
  if (range.toValue !== null && range.toValue <= range.fromValue) {
    errors.push(rangeError('range_empty', index, 'toValue', 'must be greater than fromValue'));
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
