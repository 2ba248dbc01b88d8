import { chargeRemainingPart, chargeUsedPart, creditUnusedPart, prorateFee, splitPeriodDays } from './proration';

// Issue 5 item 7: USD plans, period 2026-01-01 → 2026-02-01 in UTC.
const JANUARY = { periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z', timeZone: 'UTC' };

describe('proration (issue 5 known answers)', () => {
  test('a change on January 16 leaves 15 used and 16 remaining of 31 days: the change day belongs to the new state', () => {
    expect(splitPeriodDays({ ...JANUARY, changeAt: '2026-01-16T09:30:00.000Z' })).toEqual({
      usedDays: 15,
      remainingDays: 16,
      periodDays: 31,
    });
  });

  test('cancelling a 30.00 in-advance plan on January 16 credits 15.48', () => {
    const days = splitPeriodDays({ ...JANUARY, changeAt: '2026-01-16T00:00:00.000Z' });
    expect(creditUnusedPart({ feeMinor: 3000n, days, invoicedMinor: 3000n, creditedMinor: 0n })).toBe(1548n);
  });

  test('upgrading 29.00 → 79.00 on January 16 credits 14.97 and charges 40.77, 25.80 in all', () => {
    const days = splitPeriodDays({ ...JANUARY, changeAt: '2026-01-16T00:00:00.000Z' });
    const credit = creditUnusedPart({ feeMinor: 2900n, days, invoicedMinor: 2900n, creditedMinor: 0n });
    const charge = chargeRemainingPart({ feeMinor: 7900n, days });
    expect([-credit, charge, charge - credit]).toEqual([-1497n, 4077n, 2580n]);
  });

  test('changing a 100.00 in-arrears plan on January 15 invoices 45.16 for the old plan (14 of 31 days)', () => {
    const days = splitPeriodDays({ ...JANUARY, changeAt: '2026-01-15T00:00:00.000Z' });
    expect(days.usedDays).toBe(14);
    expect(chargeUsedPart({ feeMinor: 10_000n, days })).toBe(4516n);
  });
});

describe('proration basis', () => {
  test('counts days on the customer calendar: 23:30 UTC on Jan 15 is already Jan 16 in Tokyo', () => {
    const tokyo = {
      periodStart: '2025-12-31T15:00:00.000Z',
      periodEnd: '2026-01-31T15:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    };
    expect(splitPeriodDays({ ...tokyo, changeAt: '2026-01-15T23:30:00.000Z' })).toEqual({
      usedDays: 15,
      remainingDays: 16,
      periodDays: 31,
    });
  });

  test('caps the credit at what the period was invoiced minus what was already credited', () => {
    const days = splitPeriodDays({ ...JANUARY, changeAt: '2026-01-02T00:00:00.000Z' });
    expect(creditUnusedPart({ feeMinor: 3000n, days, invoicedMinor: 3000n, creditedMinor: 1000n })).toBe(2000n);
    expect(creditUnusedPart({ feeMinor: 3000n, days, invoicedMinor: 3000n, creditedMinor: 3000n })).toBe(0n);
    expect(creditUnusedPart({ feeMinor: 3000n, days, invoicedMinor: 0n, creditedMinor: 0n })).toBe(0n);
  });

  test('rounds half away from zero once per line', () => {
    // 1.00 × 1/8 = 0.125 → 0.13; 0.50 × 1/4 = 0.125 → 0.13
    expect(prorateFee({ feeMinor: 100n, days: 1, periodDays: 8 })).toBe(13n);
    expect(prorateFee({ feeMinor: 50n, days: 1, periodDays: 4 })).toBe(13n);
  });

  test('clamps a change outside the period: nothing used before it, nothing left after it', () => {
    expect(splitPeriodDays({ ...JANUARY, changeAt: '2025-12-20T00:00:00.000Z' })).toMatchObject({ usedDays: 0 });
    expect(splitPeriodDays({ ...JANUARY, changeAt: '2026-02-10T00:00:00.000Z' })).toMatchObject({ remainingDays: 0 });
  });

  test('a change on the first day credits the whole fee, on the period end nothing', () => {
    const first = splitPeriodDays({ ...JANUARY, changeAt: JANUARY.periodStart });
    const end = splitPeriodDays({ ...JANUARY, changeAt: JANUARY.periodEnd });
    expect(creditUnusedPart({ feeMinor: 3000n, days: first, invoicedMinor: 3000n, creditedMinor: 0n })).toBe(3000n);
    expect(creditUnusedPart({ feeMinor: 3000n, days: end, invoicedMinor: 3000n, creditedMinor: 0n })).toBe(0n);
  });
});
