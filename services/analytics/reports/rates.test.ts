import { rateOf } from './rates';

describe('rateOf', () => {
  it('is the quotient with four decimals, 0 over nothing, and never above 1', () => {
    expect(rateOf(1, 3)).toBe(0.3333);
    expect(rateOf(2, 3)).toBe(0.6667);
    expect(rateOf(5, 0)).toBe(0);
    expect(rateOf(2, 2)).toBe(1);
    // Two canceled in the range, one of them started in it, over the one live at its start.
    expect(rateOf(2, 1)).toBe(1);
  });
});
