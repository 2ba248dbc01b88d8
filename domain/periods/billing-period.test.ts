import fc from 'fast-check';
import { DateTime } from 'luxon';

import {
  BILLING_INTERVALS,
  computeBillingPeriod,
  findNextPeriod,
  findPeriodContaining,
  type BillingSchedule,
} from './billing-period';
import { PeriodInvariantError } from './period-error';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function startsOf(schedule: BillingSchedule, count: number): string[] {
  return Array.from({ length: count }, (_, index) => computeBillingPeriod(schedule, index).start.toISOString());
}

function localStart(schedule: BillingSchedule, index: number): string {
  const { start } = computeBillingPeriod(schedule, index);
  return DateTime.fromJSDate(start, { zone: schedule.timeZone }).toISO() ?? '';
}

describe('computeBillingPeriod: month ends', () => {
  it('keeps the Jan 31 anchor day through a year, clamping to each month end', () => {
    const schedule = { anchor: '2026-01-31T10:00:00.000Z', interval: 'MONTHLY', timeZone: 'UTC' } as const;
    expect(startsOf(schedule, 13)).toEqual(
      [
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
        '2026-07-31',
        '2026-08-31',
        '2026-09-30',
        '2026-10-31',
        '2026-11-30',
        '2026-12-31',
        '2027-01-31',
      ].map((date) => `${date}T10:00:00.000Z`),
    );
  });

  it.each([
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z', '2028-03-31T00:00:00.000Z'],
    ['2024-01-31T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2024-03-31T00:00:00.000Z'],
    ['2028-01-29T00:00:00.000Z', '2028-02-29T00:00:00.000Z', '2028-03-29T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', '2028-03-29T00:00:00.000Z', '2028-04-29T00:00:00.000Z'],
    ['2026-01-30T00:00:00.000Z', '2026-02-28T00:00:00.000Z', '2026-03-30T00:00:00.000Z'],
  ])('clamps in a leap year without losing the anchor day: %s → %s → %s', (anchor, first, second) => {
    expect(startsOf({ anchor, interval: 'MONTHLY', timeZone: 'UTC' }, 3)).toEqual([anchor, first, second]);
  });

  it('ends each period where the next one starts', () => {
    const schedule = { anchor: '2026-01-31T10:00:00.000Z', interval: 'MONTHLY', timeZone: 'UTC' } as const;
    expect(computeBillingPeriod(schedule, 0)).toEqual({
      index: 0,
      start: new Date('2026-01-31T10:00:00.000Z'),
      end: new Date('2026-02-28T10:00:00.000Z'),
    });
    expect(computeBillingPeriod(schedule, 1).start).toEqual(computeBillingPeriod(schedule, 0).end);
  });

  it('accepts the anchor as a Date', () => {
    const schedule = { anchor: new Date('2026-01-31T10:00:00.000Z'), interval: 'MONTHLY', timeZone: 'UTC' } as const;
    expect(computeBillingPeriod(schedule, 1).start).toEqual(new Date('2026-02-28T10:00:00.000Z'));
  });

  it('clamps month ends on the local calendar, not in UTC', () => {
    // Jan 31 19:00 in New York is Feb 1 00:00 UTC; the local anchor day is the 31st.
    const schedule = {
      anchor: '2026-01-31T19:00:00-05:00',
      interval: 'MONTHLY',
      timeZone: 'America/New_York',
    } as const;
    expect([localStart(schedule, 1), localStart(schedule, 2)]).toEqual([
      '2026-02-28T19:00:00.000-05:00',
      '2026-03-31T19:00:00.000-04:00',
    ]);
  });
});

describe('computeBillingPeriod: other intervals', () => {
  it('adds three clamped months per quarter from Nov 30', () => {
    const schedule = { anchor: '2025-11-30T08:00:00.000Z', interval: 'QUARTERLY', timeZone: 'UTC' } as const;
    expect(startsOf(schedule, 10)).toEqual(
      [
        '2025-11-30',
        '2026-02-28',
        '2026-05-30',
        '2026-08-30',
        '2026-11-30',
        '2027-02-28',
        '2027-05-30',
        '2027-08-30',
        '2027-11-30',
        '2028-02-29',
      ].map((date) => `${date}T08:00:00.000Z`),
    );
  });

  it.each([
    ['2028-02-29T12:00:00.000Z', ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']],
    ['2024-02-29T12:00:00.000Z', ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']],
  ])('renews a Feb 29 anchor %s on Feb 28 in common years and Feb 29 in leap years', (anchor, dates) => {
    expect(startsOf({ anchor, interval: 'YEARLY', timeZone: 'UTC' }, 5)).toEqual(
      dates.map((date) => `${date}T12:00:00.000Z`),
    );
  });

  it('adds seven local days per week', () => {
    const schedule = { anchor: '2026-01-28T00:00:00.000Z', interval: 'WEEKLY', timeZone: 'UTC' } as const;
    expect(startsOf(schedule, 4)).toEqual([
      '2026-01-28T00:00:00.000Z',
      '2026-02-04T00:00:00.000Z',
      '2026-02-11T00:00:00.000Z',
      '2026-02-18T00:00:00.000Z',
    ]);
  });

  it('keeps the weekly wall time across the spring change in Berlin, a week one hour short', () => {
    const schedule = { anchor: '2026-03-26T09:00:00+01:00', interval: 'WEEKLY', timeZone: 'Europe/Berlin' } as const;
    const period = computeBillingPeriod(schedule, 0);
    expect(localStart(schedule, 1)).toBe('2026-04-02T09:00:00.000+02:00');
    expect(period.end.getTime() - period.start.getTime()).toBe(7 * DAY - HOUR);
  });

  it.each([-1, 1.5, NaN, Number.MAX_SAFE_INTEGER + 1])('throws on the period index %p', (index) => {
    const schedule = { anchor: '2026-01-31T10:00:00.000Z', interval: 'MONTHLY', timeZone: 'UTC' } as const;
    expect(() => computeBillingPeriod(schedule, index)).toThrow(PeriodInvariantError);
  });
});

describe('computeBillingPeriod: daylight saving time', () => {
  it('keeps local midnight across the spring change in New York, a month one hour short', () => {
    const schedule = {
      anchor: '2026-03-01T00:00:00-05:00',
      interval: 'MONTHLY',
      timeZone: 'America/New_York',
    } as const;
    const period = computeBillingPeriod(schedule, 0);
    expect(period.start.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(period.end.getTime() - period.start.getTime()).toBe(31 * DAY - HOUR);
  });

  it('keeps local midnight across the autumn change in Berlin, a month one hour long', () => {
    const schedule = { anchor: '2026-10-01T00:00:00+02:00', interval: 'MONTHLY', timeZone: 'Europe/Berlin' } as const;
    const period = computeBillingPeriod(schedule, 0);
    expect(localStart(schedule, 1)).toBe('2026-11-01T00:00:00.000+01:00');
    expect(period.end.getTime() - period.start.getTime()).toBe(31 * DAY + HOUR);
  });

  it('moves a wall time that does not exist (spring-forward gap) forward by the gap, then returns to it', () => {
    // 2026-03-08 02:00-03:00 does not exist in New York; the anchor time comes back in April because every
    // period is computed from the anchor.
    const schedule = {
      anchor: '2026-02-08T02:30:00-05:00',
      interval: 'MONTHLY',
      timeZone: 'America/New_York',
    } as const;
    expect([localStart(schedule, 1), localStart(schedule, 2)]).toEqual([
      '2026-03-08T03:30:00.000-04:00',
      '2026-04-08T02:30:00.000-04:00',
    ]);
  });

  it.each([
    ['a summer anchor takes the first 01:30 (EDT)', '2026-07-01T01:30:00-04:00', 4, '2026-11-01T05:30:00.000Z'],
    ['a winter anchor takes the second 01:30 (EST)', '2026-01-01T01:30:00-05:00', 10, '2026-11-01T06:30:00.000Z'],
  ])('resolves an ambiguous wall time (autumn fold) by the anchor offset: %s', (_name, anchor, index, start) => {
    const schedule = { anchor, interval: 'MONTHLY', timeZone: 'America/New_York' } as const;
    expect(computeBillingPeriod(schedule, index).start.toISOString()).toBe(start);
  });
});

describe('findPeriodContaining', () => {
  const schedule = { anchor: '2026-01-31T10:00:00.000Z', interval: 'MONTHLY', timeZone: 'UTC' } as const;

  it.each([
    ['the anchor itself', '2026-01-31T10:00:00.000Z', 0],
    ['one millisecond before the first end', '2026-02-28T09:59:59.999Z', 0],
    ['exactly the first end', '2026-02-28T10:00:00.000Z', 1],
    ['the middle of the third period', '2026-04-15T00:00:00.000Z', 2],
    ['exactly the twelfth end', '2027-01-31T10:00:00.000Z', 12],
    ['a century later', '2126-01-31T10:00:00.000Z', 1200],
  ])('places %s in period %i', (_name, instant, index) => {
    const found = findPeriodContaining(schedule, instant);
    expect(found).toEqual({ ok: true, value: computeBillingPeriod(schedule, index) });
  });

  it('places an instant equal to a DST-shifted end in the next period', () => {
    const newYork = { anchor: '2026-03-01T00:00:00-05:00', interval: 'MONTHLY', timeZone: 'America/New_York' } as const;
    expect(findPeriodContaining(newYork, '2026-04-01T04:00:00.000Z')).toMatchObject({ ok: true, value: { index: 1 } });
    expect(findPeriodContaining(newYork, '2026-04-01T03:59:59.999Z')).toMatchObject({ ok: true, value: { index: 0 } });
  });

  it('reports an instant before the anchor as a value', () => {
    expect(findPeriodContaining(schedule, '2026-01-31T09:59:59.999Z')).toMatchObject({
      ok: false,
      error: { code: 'instant_before_anchor' },
    });
  });

  const intervals = fc.constantFrom(...BILLING_INTERVALS);
  const zones = fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata');
  const anchors = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => new Date(ms));
  const offsets = fc.integer({ min: 0, max: 30 * 366 * DAY });

  it('finds a period that contains the instant, for any schedule', () => {
    fc.assert(
      fc.property(intervals, zones, anchors, offsets, (interval, timeZone, anchor, offset) => {
        const at = new Date(anchor.getTime() + offset);
        const found = findPeriodContaining({ anchor, interval, timeZone }, at);
        if (!found.ok) throw new Error(found.error.message);
        expect(found.value.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(found.value.end.getTime()).toBeGreaterThan(at.getTime());
        expect(found.value).toEqual(computeBillingPeriod({ anchor, interval, timeZone }, found.value.index));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the anchor day of month, clamped to the month end, for any monthly schedule', () => {
    fc.assert(
      fc.property(zones, anchors, fc.integer({ min: 0, max: 600 }), (timeZone, anchor, index) => {
        const anchorDay = DateTime.fromJSDate(anchor, { zone: timeZone }).day;
        const start = DateTime.fromJSDate(
          computeBillingPeriod({ anchor, interval: 'MONTHLY', timeZone }, index).start,
          {
            zone: timeZone,
          },
        );
        expect(start.day).toBe(Math.min(anchorDay, start.daysInMonth ?? 0));
      }),
      { numRuns: 300 },
    );
  });
});

describe('findNextPeriod', () => {
  const schedule = { anchor: '2026-01-31T10:00:00.000Z', interval: 'MONTHLY', timeZone: 'UTC' } as const;

  it.each([
    ['before the anchor', '2026-01-01T00:00:00.000Z', 0],
    ['at the anchor', '2026-01-31T10:00:00.000Z', 1],
    ['inside the first period', '2026-02-10T00:00:00.000Z', 1],
    ['exactly at the first end', '2026-02-28T10:00:00.000Z', 2],
  ])('returns the period that starts after an instant %s', (_name, instant, index) => {
    expect(findNextPeriod(schedule, instant).index).toBe(index);
  });
});

describe('invalid schedules', () => {
  it('throws on a time zone that was never validated', () => {
    const schedule = { anchor: '2026-01-31T10:00:00.000Z', interval: 'MONTHLY', timeZone: 'Mars/Olympus' } as const;
    expect(() => computeBillingPeriod(schedule, 0)).toThrow(PeriodInvariantError);
    expect(() => findPeriodContaining(schedule, '2026-02-01T00:00:00.000Z')).toThrow(PeriodInvariantError);
  });

  it.each(['2026-01-31T10:00:00', '2026-01-31', 'yesterday', '2026-02-30T00:00:00Z'])(
    'throws on the anchor %j, which is not an instant with an offset',
    (anchor) => {
      expect(() => computeBillingPeriod({ anchor, interval: 'MONTHLY', timeZone: 'UTC' }, 0)).toThrow(
        PeriodInvariantError,
      );
    },
  );

  it('throws on an invalid Date', () => {
    const schedule = { anchor: new Date(Number.NaN), interval: 'MONTHLY', timeZone: 'UTC' } as const;
    expect(() => computeBillingPeriod(schedule, 0)).toThrow(PeriodInvariantError);
  });
});
