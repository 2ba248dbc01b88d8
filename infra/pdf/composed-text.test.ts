import { composedText } from './composed-text';

describe('composedText', () => {
  it('composes every string, however deep, and keeps dates, bigints and nulls', () => {
    const issuedAt = new Date('2026-01-16T00:00:00.000Z');
    const value = {
      name: 'Hu\u031bo\u031bng',
      lines: [{ description: 'Cafe\u0301', amount: 1000n, periodStart: null }],
      issuedAt,
    };

    const composed = composedText(value);

    expect(composed).toEqual({
      name: 'Hương',
      lines: [{ description: 'Café', amount: 1000n, periodStart: null }],
      issuedAt,
    });
    expect(composed.issuedAt).toBe(issuedAt);
    expect(value.name).toBe('Hu\u031bo\u031bng');
  });
});
