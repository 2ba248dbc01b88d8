import { isDueBy, keepListed, nextStop } from './clock-stops';

const TARGET = '2027-01-31T00:00:00.000Z';

describe('nextStop', () => {
  test('stops at the earliest next due instant after the last stop', () => {
    const nextDue = {
      subscription: '2026-02-28T00:00:00.000Z',
      ladder: '2026-02-05T00:00:00.000Z',
      wallet: null,
    };
    expect(nextStop({ target: TARGET, after: null, nextDue })).toBe('2026-02-05T00:00:00.000Z');
    expect(nextStop({ target: TARGET, after: '2026-02-05T00:00:00.000Z', nextDue })).toBe('2026-02-28T00:00:00.000Z');
  });

  test('goes to the target when nothing is due before it', () => {
    expect(
      nextStop({ target: TARGET, after: null, nextDue: { wallet: null, later: '2027-03-01T00:00:00.000Z' } }),
    ).toBe(TARGET);
  });
});

describe('isDueBy', () => {
  const stop = '2026-02-05T00:00:00.000Z';
  const nextDue = { due: stop, notYet: '2026-02-28T00:00:00.000Z', messagesOnly: null };

  test('tells a stop to those due by it and to those the clock knows nothing about', () => {
    expect(isDueBy({ workflowId: 'due', stop, target: TARGET, nextDue })).toBe(true);
    expect(isDueBy({ workflowId: 'unknown', stop, target: TARGET, nextDue })).toBe(true);
    expect(isDueBy({ workflowId: 'notYet', stop, target: TARGET, nextDue })).toBe(false);
    expect(isDueBy({ workflowId: 'messagesOnly', stop, target: TARGET, nextDue })).toBe(false);
  });

  test('tells the target to everyone', () => {
    for (const workflowId of ['due', 'notYet', 'messagesOnly', 'unknown']) {
      expect(isDueBy({ workflowId, stop: TARGET, target: TARGET, nextDue })).toBe(true);
    }
  });
});

test('keepListed drops the participants no longer listed', () => {
  expect(keepListed({ a: null, b: TARGET, gone: TARGET }, ['a', 'b', 'new'])).toEqual({ a: null, b: TARGET });
});
