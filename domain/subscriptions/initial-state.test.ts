import { initialSubscriptionState, startingState } from './initial-state';

describe('initialSubscriptionState', () => {
  test('starts an ACTIVE subscription on period 0 of the anniversary calendar, clamped to the month end', () => {
    const start = new Date('2026-01-31T10:00:00.000Z');
    expect(initialSubscriptionState({ start, trialDays: 0, interval: 'MONTHLY', timeZone: 'UTC' })).toEqual({
      status: 'ACTIVE',
      billingAnchor: start,
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: start,
      currentPeriodEnd: new Date('2026-02-28T10:00:00.000Z'),
    });
  });

  test('keeps the customer’s local wall time across a DST change', () => {
    // 09:00 in New York: EST (UTC-5) in February, EDT (UTC-4) from 8 March 2026.
    const start = new Date('2026-02-20T14:00:00.000Z');
    const state = initialSubscriptionState({ start, trialDays: 0, interval: 'MONTHLY', timeZone: 'America/New_York' });
    expect(state.currentPeriodEnd).toEqual(new Date('2026-03-20T13:00:00.000Z'));
  });

  test('makes a trial its own period, ending trialDays later on the local calendar, and anchors billing there', () => {
    const start = new Date('2026-02-20T14:00:00.000Z');
    const state = initialSubscriptionState({
      start,
      trialDays: 30,
      interval: 'MONTHLY',
      timeZone: 'America/New_York',
    });
    const trialEnd = new Date('2026-03-22T13:00:00.000Z');
    expect(state).toEqual({
      status: 'TRIALING',
      billingAnchor: trialEnd,
      trialStart: start,
      trialEnd,
      currentPeriodStart: start,
      currentPeriodEnd: trialEnd,
    });
  });

  test('starts a yearly plan on a leap day and ends on 28 February', () => {
    const start = new Date('2028-02-29T00:00:00.000Z');
    const state = initialSubscriptionState({ start, trialDays: 0, interval: 'YEARLY', timeZone: 'UTC' });
    expect(state.currentPeriodEnd).toEqual(new Date('2029-02-28T00:00:00.000Z'));
  });
});

describe('startingState', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const terms = { now, trialDays: 0, interval: 'MONTHLY' as const, timeZone: 'UTC' };

  it('starts now when no start is asked', () => {
    const started = startingState({ ...terms, start: undefined });
    expect(started).toMatchObject({ ok: true, value: { status: 'ACTIVE', currentPeriodStart: now } });
  });

  it('refuses a start in the future', () => {
    expect(startingState({ ...terms, start: new Date('2026-03-11T00:00:00Z') })).toEqual({
      ok: false,
      refusal: { code: 'start_date_in_future' },
    });
  });

  it('backdates within the first period only, naming where that period ended', () => {
    expect(startingState({ ...terms, start: new Date('2026-02-20T00:00:00Z') }).ok).toBe(true);
    expect(startingState({ ...terms, start: new Date('2026-02-01T00:00:00Z') })).toEqual({
      ok: false,
      refusal: { code: 'start_date_too_old', periodEnd: new Date('2026-03-01T00:00:00Z') },
    });
  });
});
