import { verificationTimes } from './verification-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('verificationTimes', () => {
  test('checks a 24-hour checkout at 5 min, 30 min, then every hour, and last at expiry', () => {
    const offsets = verificationTimes(1_000, 1_000 + 24 * HOUR).map((at) => at - 1_000);
    expect(offsets.slice(0, 4)).toEqual([5 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR]);
    expect(offsets.slice(-2)).toEqual([23 * HOUR, 24 * HOUR]);
    expect(offsets).toHaveLength(2 + 23 + 1);
  });

  test('checks a 5-minute M-Pesa push once, at its expiry', () => {
    expect(verificationTimes(0, 5 * MINUTE)).toEqual([5 * MINUTE]);
  });

  test('keeps only the checks before an expiry that falls between them', () => {
    expect(verificationTimes(0, 45 * MINUTE)).toEqual([5 * MINUTE, 30 * MINUTE, 45 * MINUTE]);
  });
});
