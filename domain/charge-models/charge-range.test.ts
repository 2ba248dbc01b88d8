import { validateRanges } from './charge-range';
import { ANCHOR_RANGES, range } from '../../test/fixtures/charge-model-values';

describe('validateRanges', () => {
  it('accepts contiguous ranges from 0 with an open last range', () => {
    expect(validateRanges(ANCHOR_RANGES)).toEqual({ ok: true });
    expect(validateRanges([range(0, null, '1')])).toEqual({ ok: true });
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
      [range(0, 10, '1'), range(11, null, '1')],
      { code: 'range_not_contiguous', index: 1, field: 'fromValue' },
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
