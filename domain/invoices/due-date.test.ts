import { dueDateProblem, resolveDueDate } from './due-date';

describe('resolveDueDate', () => {
  it('takes a calendar date as the start of that day in the customer’s zone', () => {
    expect(resolveDueDate({ date: '2030-02-15' }, 'America/Los_Angeles').toISOString()).toBe(
      '2030-02-15T08:00:00.000Z',
    );
    expect(resolveDueDate({ date: '2030-02-15' }, 'Asia/Tokyo').toISOString()).toBe('2030-02-14T15:00:00.000Z');
    expect(resolveDueDate({ date: '2030-02-15' }, 'UTC').toISOString()).toBe('2030-02-15T00:00:00.000Z');
  });

  it('takes an instant as it is', () => {
    const instant = new Date('2030-02-15T10:30:00.000Z');
    expect(resolveDueDate({ instant }, 'Asia/Tokyo')).toBe(instant);
  });
});

describe('dueDateProblem', () => {
  const now = new Date('2026-06-10T03:00:00.000Z');

  it('allows the customer’s current day and later', () => {
    expect(dueDateProblem(new Date('2026-06-10T00:00:00.000Z'), now, 'UTC')).toBeUndefined();
    expect(dueDateProblem(new Date('2026-07-01T00:00:00.000Z'), now, 'UTC')).toBeUndefined();
    // 03:00 UTC is still June 9 in Los Angeles: its start (07:00 UTC on the 9th) is allowed.
    expect(dueDateProblem(new Date('2026-06-09T07:00:00.000Z'), now, 'America/Los_Angeles')).toBeUndefined();
  });

  it('refuses a day before it, naming the day and zone', () => {
    expect(dueDateProblem(new Date('2026-06-09T23:59:59.999Z'), now, 'UTC')).toBe(
      "must not be before the customer's current day, 2026-06-10 (UTC)",
    );
    expect(dueDateProblem(new Date('2026-06-09T06:59:59.999Z'), now, 'America/Los_Angeles')).toContain('2026-06-09');
  });
});
