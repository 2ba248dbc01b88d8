import { wholeCredits } from './credits';
import { nextIntervalFiring, recurringTopUpProblems, topUpCredits, type RecurringTopUp } from './recurring-top-ups';

const rule = (fields: Partial<RecurringTopUp>): RecurringTopUp => ({
  trigger: 'THRESHOLD',
  interval: null,
  thresholdCredits: wholeCredits(10n),
  method: 'FIXED',
  paidCredits: wholeCredits(50n),
  grantedCredits: null,
  targetCredits: null,
  ...fields,
});

describe('recurring top-up rules', () => {
  it('accept one rule per trigger, each complete', () => {
    const interval = rule({ trigger: 'INTERVAL', interval: 'MONTHLY', thresholdCredits: null });
    expect(recurringTopUpProblems([rule({}), interval])).toEqual([]);
  });

  it('name what is missing or repeated', () => {
    const problems = recurringTopUpProblems([
      rule({ thresholdCredits: null }),
      rule({ trigger: 'INTERVAL', interval: null, thresholdCredits: null, method: 'TARGET', paidCredits: null }),
      rule({ method: 'FIXED', paidCredits: null, grantedCredits: wholeCredits(0n) }),
      rule({
        trigger: 'INTERVAL',
        interval: 'WEEKLY',
        thresholdCredits: null,
        method: 'TARGET',
        paidCredits: null,
        targetCredits: wholeCredits(5n),
      }),
    ]);
    expect(problems.map(({ index, field }) => [index, field])).toEqual([
      [0, 'thresholdCredits'],
      [1, 'interval'],
      [1, 'targetCredits'],
      [2, 'paidCredits'],
      [2, 'trigger'],
      [3, 'trigger'],
    ]);
  });

  it('refuses fields the rule does not read, naming each', () => {
    const problems = recurringTopUpProblems([
      rule({ interval: 'MONTHLY', targetCredits: wholeCredits(100n) }),
      rule({
        trigger: 'INTERVAL',
        interval: 'MONTHLY',
        method: 'TARGET',
        grantedCredits: wholeCredits(1n),
        targetCredits: wholeCredits(100n),
      }),
    ]);
    expect(problems.map(({ index, field }) => [index, field])).toEqual([
      [0, 'interval'],
      [0, 'targetCredits'],
      [1, 'thresholdCredits'],
      [1, 'paidCredits'],
      [1, 'grantedCredits'],
    ]);
  });

  it('refuses a TARGET at or below its own threshold', () => {
    const target = rule({ method: 'TARGET', paidCredits: null, targetCredits: wholeCredits(10n) });
    expect(recurringTopUpProblems([target]).map((problem) => problem.field)).toEqual(['targetCredits']);
  });

  it('adds FIXED credits as given, and TARGET paid credits up to the target of ongoing credits', () => {
    expect(topUpCredits(rule({ grantedCredits: wholeCredits(5n) }), wholeCredits(3n))).toEqual({
      paidCredits: wholeCredits(50n),
      grantedCredits: wholeCredits(5n),
    });
    const target = rule({ method: 'TARGET', paidCredits: null, targetCredits: wholeCredits(100n) });
    expect(topUpCredits(target, wholeCredits(-20n))).toEqual({ paidCredits: wholeCredits(120n), grantedCredits: 0n });
    expect(topUpCredits(target, wholeCredits(100n))).toBeUndefined();
  });

  it('fires INTERVAL one interval after creation and every interval after, month ends clamped', () => {
    const schedule = { createdAt: new Date('2026-01-31T10:00:00Z'), interval: 'MONTHLY' as const, timeZone: 'UTC' };
    expect(nextIntervalFiring(schedule, schedule.createdAt)).toEqual({
      number: 1,
      at: new Date('2026-02-28T10:00:00Z'),
    });
    expect(nextIntervalFiring(schedule, new Date('2026-02-28T10:00:00Z'))).toEqual({
      number: 2,
      at: new Date('2026-03-31T10:00:00Z'),
    });
  });

  it('keeps the customer’s local wall time across a DST change', () => {
    const schedule = {
      createdAt: new Date('2026-03-01T09:00:00Z'),
      interval: 'WEEKLY' as const,
      timeZone: 'Europe/Paris',
    };
    // 10:00 in Paris (UTC+1) on 1 March; on 29 March Paris is UTC+2, so 10:00 local is 08:00Z.
    expect(nextIntervalFiring(schedule, new Date('2026-03-22T09:00:00Z')).at).toEqual(new Date('2026-03-29T08:00:00Z'));
  });
});
