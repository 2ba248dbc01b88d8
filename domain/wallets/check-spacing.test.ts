import { nextAlertLevel, nextCheckSpacingMs } from './check-spacing';

const credits = (value: number) => BigInt(Math.round(value * 100_000));
const nothingSent = { lowBalanceSent: false, depletedSent: false, thresholdFired: false };

describe('next alert level', () => {
  it('is the highest threshold not yet told, then zero, then nothing', () => {
    const thresholds = { lowBalanceThresholdCredits: credits(20), topUpThresholdCredits: credits(50) };
    expect(nextAlertLevel({ state: nothingSent, ...thresholds })).toBe(credits(50));
    expect(nextAlertLevel({ state: { ...nothingSent, thresholdFired: true }, ...thresholds })).toBe(credits(20));
    const told = { lowBalanceSent: true, depletedSent: false, thresholdFired: true };
    expect(nextAlertLevel({ state: told, ...thresholds })).toBe(0n);
    expect(nextAlertLevel({ state: { ...told, depletedSent: true }, ...thresholds })).toBeUndefined();
  });

  it('is zero for a wallet without thresholds', () => {
    const none = { lowBalanceThresholdCredits: null, topUpThresholdCredits: null };
    expect(nextAlertLevel({ state: nothingSent, ...none })).toBe(0n);
  });
});

describe('check spacing', () => {
  const limits = { minMs: 1_000, maxMs: 3_000 };
  const at = (atMs: number, value: number) => ({ atMs, ongoingCredits: credits(value) });

  it('checks again within the minimum when the pace is unknown or the level is reached', () => {
    expect(nextCheckSpacingMs({ previous: undefined, current: at(0, 100), level: 0n, ...limits })).toBe(1_000);
    expect(nextCheckSpacingMs({ previous: at(0, 100), current: at(1_000, 100), level: 0n, ...limits })).toBe(1_000);
    expect(nextCheckSpacingMs({ previous: at(0, 30), current: at(1_000, 20), level: credits(20), ...limits })).toBe(
      1_000,
    );
  });

  it('waits a quarter of the time the last pace takes to reach the level, within the limits', () => {
    // 1 credit a second, 10 credits above the level: reached in 10 s, so checked after 2.5 s.
    expect(nextCheckSpacingMs({ previous: at(0, 11), current: at(1_000, 10), level: 0n, ...limits })).toBe(2_500);
    expect(nextCheckSpacingMs({ previous: at(0, 101), current: at(1_000, 100), level: 0n, ...limits })).toBe(3_000);
    expect(nextCheckSpacingMs({ previous: at(0, 12), current: at(1_000, 10), level: 0n, ...limits })).toBe(1_250);
    expect(nextCheckSpacingMs({ previous: at(0, 20), current: at(1_000, 10), level: 0n, ...limits })).toBe(1_000);
  });

  it('waits the maximum for a wallet with nothing left to say', () => {
    expect(nextCheckSpacingMs({ previous: undefined, current: at(0, -5), level: undefined, ...limits })).toBe(3_000);
  });
});
