import { computeBillingPeriod } from './billing-period';
import { countCalendarDays } from './calendar-days';
import { PeriodInvariantError } from './period-error';

describe('countCalendarDays', () => {
  const NEW_YORK = 'America/New_York';
  it.each([
    {
      name: 'a New York month across the spring change',
      start: '2026-03-01T05:00:00Z',
      end: '2026-04-01T04:00:00Z',
      timeZone: NEW_YORK,
      days: 31,
    },
    {
      name: 'a Berlin month across the autumn change',
      start: '2026-09-30T22:00:00Z',
      end: '2026-10-31T23:00:00Z',
      timeZone: 'Europe/Berlin',
      days: 31,
    },
    {
      name: '23:30 to 00:30 the next local day',
      start: '2026-01-31T23:30:00-05:00',
      end: '2026-02-01T00:30:00-05:00',
      timeZone: NEW_YORK,
      days: 1,
    },
    {
      name: 'the same two instants in UTC, one date',
      start: '2026-02-01T04:30:00Z',
      end: '2026-02-01T05:30:00Z',
      timeZone: 'UTC',
      days: 0,
    },
    {
      name: 'one Tokyo date that is two UTC dates',
      start: '2026-01-01T20:00:00Z',
      end: '2026-01-02T10:00:00Z',
      timeZone: 'Asia/Tokyo',
      days: 0,
    },
    {
      name: 'the same instants in UTC',
      start: '2026-01-01T20:00:00Z',
      end: '2026-01-02T10:00:00Z',
      timeZone: 'UTC',
      days: 1,
    },
    { name: 'a leap year', start: '2028-01-01T00:00:00Z', end: '2029-01-01T00:00:00Z', timeZone: 'UTC', days: 366 },
    {
      name: 'February of a leap year',
      start: '2028-02-01T00:00:00+01:00',
      end: '2028-03-01T00:00:00+01:00',
      timeZone: 'Europe/Berlin',
      days: 29,
    },
    {
      name: 'a reversed span as negative',
      start: '2026-02-10T00:00:00Z',
      end: '2026-02-01T00:00:00Z',
      timeZone: 'UTC',
      days: -9,
    },
  ])('counts $name', ({ start, end, timeZone, days }) => {
    expect(countCalendarDays({ start, end, timeZone })).toBe(days);
  });

  it('adds up over consecutive periods to the days of the whole span', () => {
    const schedule = {
      anchor: '2026-01-31T19:00:00-05:00',
      interval: 'MONTHLY',
      timeZone: 'America/New_York',
    } as const;
    const periods = Array.from({ length: 12 }, (_, index) => computeBillingPeriod(schedule, index));
    const perPeriod = periods.map((period) => countCalendarDays({ ...period, timeZone: schedule.timeZone }));
    expect(perPeriod).toEqual([28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31]);
    const whole = { start: periods[0]!.start, end: periods[11]!.end, timeZone: schedule.timeZone };
    expect(perPeriod.reduce((sum, days) => sum + days, 0)).toBe(countCalendarDays(whole));
  });

  it('throws on a time zone that was never validated', () => {
    const span = { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z', timeZone: 'Nowhere/City' };
    expect(() => countCalendarDays(span)).toThrow(PeriodInvariantError);
  });
});
