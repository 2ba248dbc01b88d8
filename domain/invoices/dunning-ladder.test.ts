import { dunningInstant, dunningStepOn, isReminderCurrent, nextDunningDay } from './dunning-ladder';

describe('the dunning ladder', () => {
  const defaults = { reminderDays: [1, 3, 7], uncollectibleAfterDays: 30 };

  it('walks the default ladder: reminders on days 1, 3 and 7, written off on day 30, then over', () => {
    const days: number[] = [];
    for (let day = nextDunningDay(defaults, 0); day !== undefined; day = nextDunningDay(defaults, day)) days.push(day);
    expect(days).toEqual([1, 3, 7, 30]);
  });

  it('keeps reminders configured after the write-off, and a day holding both', () => {
    const ladder = { reminderDays: [5, 40], uncollectibleAfterDays: 5 };
    expect(nextDunningDay(ladder, 0)).toBe(5);
    expect(dunningStepOn(ladder, 5)).toEqual({ remind: true, writeOff: true });
    expect(nextDunningDay(ladder, 5)).toBe(40);
    // Past its day the write-off is still due; the ladder writes off an OPEN invoice only, so this is once.
    expect(dunningStepOn(ladder, 40)).toEqual({ remind: true, writeOff: true });
    expect(nextDunningDay(ladder, 40)).toBeUndefined();
  });

  it('writes off at the step that comes when the write-off day was lowered behind it meanwhile', () => {
    // Waiting for day 30 under the defaults, the tenant lowers the write-off to day 10: day 30 still writes off.
    expect(nextDunningDay(defaults, 7)).toBe(30);
    const lowered = { ...defaults, uncollectibleAfterDays: 10 };
    expect(dunningStepOn(lowered, 30)).toEqual({ remind: false, writeOff: true });
    expect(nextDunningDay(lowered, 30)).toBeUndefined();
    expect(dunningStepOn(lowered, 7)).toEqual({ remind: true, writeOff: false });
  });

  it('with no reminders goes straight to the write-off', () => {
    expect(nextDunningDay({ reminderDays: [], uncollectibleAfterDays: 2 }, 0)).toBe(2);
  });

  it('counts 24-hour days from the due date instant', () => {
    expect(new Date(dunningInstant('2026-03-01T10:00:00.000Z', 3)).toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });

  it('sends only the latest reminder that is due when the ladder runs late, not a burst', () => {
    const dueDate = '2026-03-01T00:00:00.000Z';
    const at = (days: number) => Date.parse(dueDate) + days * 86_400_000;
    const current = (day: number, nowMs: number) => isReminderCurrent({ ladder: defaults, dueDate, day, nowMs });
    expect(current(1, at(1))).toBe(true);
    expect(current(1, at(3) - 1)).toBe(true);
    expect(current(1, at(3))).toBe(false);
    expect(current(3, at(20))).toBe(false);
    expect(current(7, at(20))).toBe(true);
    expect(current(7, at(400))).toBe(true);
  });
});
