import { codePointLength, firstCodePoints, lastCodePoints } from './code-points';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('cutting text by code points', () => {
  it('never splits a surrogate pair at the end', () => {
    const text = 'sk_test_abcdefghijkl😀😀x';
    expect(text.slice(-4)).toMatch(LONE_SURROGATE);
    expect(lastCodePoints(text, 4)).toBe('l😀😀x');
    expect(lastCodePoints('😀😀😀😀😀', 4)).toBe('😀😀😀😀');
  });

  it('never splits a surrogate pair at the start', () => {
    expect(firstCodePoints('a😀b', 2)).toBe('a😀');
    expect(firstCodePoints('😀😀', 1)).toBe('😀');
  });

  it('counts what a reader sees', () => {
    expect(codePointLength('😀😀')).toBe(2);
    expect(codePointLength('')).toBe(0);
  });

  it('gives nothing for a count of zero or less', () => {
    expect(lastCodePoints('abc', 0)).toBe('');
    expect(firstCodePoints('abc', -1)).toBe('');
  });
});
