import { fixedClock } from './clock';

describe('fixedClock', () => {
  it('answers the same instant every time, as a fresh Date the caller may not change it through', () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00.000Z'));
    const first = clock.now();
    first.setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(clock.now()).not.toBe(clock.now());
  });
});
