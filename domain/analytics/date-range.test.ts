import { analyticsRange } from './date-range';

describe('the analytics range', () => {
  const today = new Date('2026-11-28T15:00:00.000Z');
  const refused = (query: { dateFrom?: string; dateTo?: string }) => !analyticsRange({ ...query, today }).ok;

  it('runs through today without dateTo, so dateFrom from tomorrow on is after it', () => {
    expect(refused({ dateFrom: '2026-11-28' })).toBe(false);
    expect(refused({ dateFrom: '2026-11-29' })).toBe(true);
    expect(refused({ dateFrom: '2026-11-30' })).toBe(true);
  });

  it('takes the same date twice as one day, and refuses dateFrom the day after dateTo', () => {
    const oneDay = analyticsRange({ dateFrom: '2026-03-01', dateTo: '2026-03-01', today });
    expect(oneDay).toEqual({
      ok: true,
      value: {
        from: new Date('2026-03-01T00:00:00.000Z'),
        until: new Date('2026-03-02T00:00:00.000Z'),
        months: ['2026-03'],
      },
    });
    expect(refused({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toBe(true);
  });

  it('takes equal timestamps as an empty range, not a reversed one', () => {
    expect(refused({ dateFrom: '2026-03-01T10:00:00.000Z', dateTo: '2026-03-01T10:00:00.000Z' })).toBe(false);
    expect(refused({ dateFrom: '2026-03-01T10:00:01.000Z', dateTo: '2026-03-01T10:00:00.000Z' })).toBe(true);
  });
});
