import { parseCountryCode } from './countries';

describe('parseCountryCode', () => {
  it.each([
    ['de', 'DE'],
    ['US', 'US'],
    [' ke ', 'KE'],
  ])('accepts %s as %s', (input, expected) => {
    expect(parseCountryCode(input)).toEqual({ ok: true, value: expected });
  });

  it.each(['XX', 'USA', 'D', '', '12'])('rejects %s', (input) => {
    expect(parseCountryCode(input).ok).toBe(false);
  });
});
