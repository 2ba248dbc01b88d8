import { rangeFloor, validateRanges } from './charge-range';
import { toRational } from '../money';
import { graduatedExact, volumeRangeOf } from './unit-charges';
import { ANCHOR_RANGES, range } from '../../test/fixtures/charge-model-values';

describe('validateRanges', () => {
  it('accepts contiguous ranges from 0 with an open last range', () => {
    expect(validateRanges(ANCHOR_RANGES)).toEqual({ ok: true });
    expect(validateRanges([range(0, null, '1')])).toEqual({ ok: true });
  });

  it('accepts each range written from the unit after the previous one (Lago: 0-100, 101-200), one unit wide too', () => {
    expect(validateRanges([range(0, 100, '1'), range(101, 200, '0.5'), range(201, null, '0.1')])).toEqual({ ok: true });
    expect(validateRanges([range(0, 100, '1'), range(101, 101, '0.5'), range(101, null, '0.1')])).toEqual({ ok: true });
  });

  it.each([
    ['no ranges', [], { code: 'no_ranges', index: 0, field: null }],
    [
      'a first range not from 0',
      [range(1, null, '1')],
      { code: 'first_range_not_from_zero', index: 0, field: 'fromValue' },
    ],
    [
      'a gap',
      [range(0, 10, '1'), range(12, null, '1')],
      { code: 'range_not_contiguous', index: 1, field: 'fromValue' },
    ],
    [
      'a range below its own fromValue',
      [range(0, 10, '1'), range(11, 10, '1'), range(10, null, '1')],
      { code: 'range_empty', index: 1, field: 'toValue' },
    ],
    [
      'an overlap',
      [range(0, 10, '1'), range(5, null, '1')],
      { code: 'range_not_contiguous', index: 1, field: 'fromValue' },
    ],
    [
      'an empty range',
      [range(0, 10, '1'), range(10, 10, '1'), range(10, null, '1')],
      { code: 'range_empty', index: 1, field: 'toValue' },
    ],
    [
      'an open range before the last',
      [range(0, null, '1'), range(10, null, '1')],
      { code: 'open_range_not_last', index: 0, field: 'toValue' },
    ],
    ['a closed last range', [range(0, 10, '1')], { code: 'last_range_not_open', index: 0, field: 'toValue' }],
    [
      'a negative unit price',
      [range(0, 10, '1'), range(10, null, '-0.1')],
      { code: 'negative_amount', index: 1, field: 'perUnitAmount' },
    ],
    ['a negative flat fee', [range(0, null, '1', '-5')], { code: 'negative_amount', index: 0, field: 'flatAmount' }],
  ])('refuses %s, naming the range', (_name, ranges, expected) => {
    const result = validateRanges(ranges);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContainEqual(expect.objectContaining(expected));
  });

  it('lists every problem, each with its index', () => {
    const result = validateRanges([range(5, 3, '-1'), range(7, 9, '1')]);
    expect(result.ok ? [] : result.errors.map((error) => [error.index, error.code])).toEqual([
      [0, 'first_range_not_from_zero'],
      [0, 'range_empty'],
      [0, 'negative_amount'],
      [1, 'range_not_contiguous'],
      [1, 'last_range_not_open'],
    ]);
  });
});

describe('ranges written either way', () => {
  const cumulative = [range(0, 100, '1'), range(100, 200, '0.5'), range(200, null, '0.1', '5')];
  const lago = [range(0, 100, '1'), range(101, 200, '0.5'), range(201, null, '0.1', '5')];

  it('cover the same quantities from the previous toValue', () => {
    expect(lago.map((_, index) => rangeFloor(lago, index))).toEqual([0n, 100n, 200n]);
    expect(cumulative.map((_, index) => rangeFloor(cumulative, index))).toEqual([0n, 100n, 200n]);
  });

  it.each(['0', '1', '100', '100.5', '101', '200', '200.25', '250'])('price %s units alike', (units) => {
    const quantity = toRational({ unscaled: BigInt(units.replace('.', '')), scale: units.split('.')[1]?.length ?? 0 });
    expect(graduatedExact({ units: quantity, ranges: lago })).toEqual(
      graduatedExact({ units: quantity, ranges: cumulative }),
    );
    const lagoRange = volumeRangeOf(quantity, lago);
    const cumulativeRange = volumeRangeOf(quantity, cumulative);
    expect(lagoRange === undefined ? undefined : lago.indexOf(lagoRange)).toEqual(
      cumulativeRange === undefined ? undefined : cumulative.indexOf(cumulativeRange),
    );
  });

  it('put 100.5 units in the second range: 100 + 0.25 (Lago: 0-100 @1.00, 101-200 @0.50)', () => {
    expect(graduatedExact({ units: toRational({ unscaled: 1005n, scale: 1 }), ranges: lago })).toEqual(
      toRational({ unscaled: 10025n, scale: 2 }),
    );
  });
});
