import { judgeTimestamp, type UsageWindow } from './usage-window';

const at = (text: string) => new Date(`2026-03-${text}Z`);
const now = at('20T12:00:00.000');

const window = (overrides: Partial<UsageWindow> = {}): UsageWindow => ({
  subscriptionId: 'sub_1',
  customerId: 'cust_1',
  startDate: at('01T00:00:00.000'),
  currentPeriodStart: at('10T00:00:00.000'),
  endsAt: null,
  pausedAt: null,
  segments: [],
  ...overrides,
});

describe('judgeTimestamp', () => {
  it.each([
    ['now', '20T12:00:00.000', undefined],
    ['5 minutes ahead', '20T12:05:00.000', undefined],
    ['5 minutes and 1 ms ahead', '20T12:05:00.001', 'invalid'],
    ['the start itself', '10T00:00:00.000', undefined],
    ['before the current period', '09T23:59:59.999', 'closed'],
  ])('on a running subscription: %s', (_case, time, kind) => {
    expect(judgeTimestamp(window(), at(time), now)?.kind).toBe(kind);
  });

  it('refuses an instant before the start as invalid, even inside a DRAFT segment', () => {
    const draft = { start: at('01T00:00:00.000'), end: at('10T00:00:00.000'), open: true };
    const judged = judgeTimestamp(
      window({ startDate: at('05T00:00:00.000'), segments: [draft] }),
      at('04T00:00:00.000'),
      now,
    );
    expect(judged).toEqual({
      kind: 'invalid',
      message: 'is before the subscription started (2026-03-05T00:00:00.000Z)',
    });
  });

  it('takes an instant inside a DRAFT segment before the current period, and closes the segment’s end', () => {
    const draft = { start: at('01T00:00:00.000'), end: at('10T00:00:00.000'), open: true };
    expect(judgeTimestamp(window({ segments: [draft] }), at('09T23:59:59.999'), now)).toBeUndefined();
    const billed = { start: at('10T00:00:00.000'), end: at('15T00:00:00.000'), open: false };
    expect(judgeTimestamp(window({ segments: [draft, billed] }), at('10T00:00:00.000'), now)?.kind).toBe('closed');
    expect(judgeTimestamp(window({ segments: [draft, billed] }), at('15T00:00:00.000'), now)).toBeUndefined();
  });

  it('refuses from the end on (cancellation) and from the pause on', () => {
    const ended = window({ endsAt: at('18T00:00:00.000') });
    expect(judgeTimestamp(ended, at('17T23:59:59.999'), now)).toBeUndefined();
    expect(judgeTimestamp(ended, at('18T00:00:00.000'), now)?.kind).toBe('invalid');
    const paused = window({ pausedAt: at('18T00:00:00.000') });
    expect(judgeTimestamp(paused, at('17T23:59:59.999'), now)).toBeUndefined();
    expect(judgeTimestamp(paused, at('18T00:00:00.000'), now)?.kind).toBe('paused');
  });
});
