import { computeTrialEnd } from './trial';

describe('computeTrialEnd', () => {
  test('adds the trial days on the local calendar', () => {
    expect(computeTrialEnd({ start: '2026-01-20T10:00:00.000Z', trialDays: 14, timeZone: 'UTC' })).toEqual(
      new Date('2026-02-03T10:00:00.000Z'),
    );
  });

  test('keeps the local wall time across a DST change (New York, March 8 2026)', () => {
    // 10:00 EST on March 1 is 15:00 UTC; 10:00 EDT on March 15 is 14:00 UTC.
    expect(computeTrialEnd({ start: '2026-03-01T15:00:00.000Z', trialDays: 14, timeZone: 'America/New_York' })).toEqual(
      new Date('2026-03-15T14:00:00.000Z'),
    );
  });

  test('zero days ends at the start; a negative count is a broken invariant', () => {
    const start = new Date('2026-01-01T00:00:00.000Z');
    expect(computeTrialEnd({ start, trialDays: 0, timeZone: 'UTC' })).toEqual(start);
    expect(() => computeTrialEnd({ start, trialDays: -1, timeZone: 'UTC' })).toThrow();
  });
});
