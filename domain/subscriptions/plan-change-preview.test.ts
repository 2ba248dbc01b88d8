import { toCurrencyCode } from '../money';
import type { BillingTiming } from '../periods';
import { previewPlanChange, type PlanChangePreviewInput } from './plan-change-preview';

// January 2026 in UTC, changed on the 16th: 15 days used, 16 remaining of 31.
const base = (from: [number, BillingTiming], to: [number, BillingTiming]): PlanChangePreviewInput => ({
  from: { name: 'Starter', feeMinor: BigInt(from[0]), interval: 'MONTHLY', timing: from[1] },
  to: { name: 'Scale', feeMinor: BigInt(to[0]), interval: 'MONTHLY', timing: to[1] },
  periodStart: new Date('2026-01-01T00:00:00Z'),
  periodEnd: new Date('2026-02-01T00:00:00Z'),
  now: new Date('2026-01-16T09:00:00Z'),
  timeZone: 'UTC',
  currency: toCurrencyCode('USD'),
  invoicedMinor: BigInt(from[0]),
  creditedMinor: 0n,
});

const amounts = (lines: readonly { amountMinor: bigint }[]) => lines.map((line) => line.amountMinor);

describe('previewPlanChange', () => {
  test('an upgrade between IN_ADVANCE plans credits the unused days and charges them on the new plan, now', () => {
    const preview = previewPlanChange(base([3000, 'IN_ADVANCE'], [9000, 'IN_ADVANCE']));
    expect(preview.effective).toBe('now');
    // 30.00 × 16/31 = 15.48 back; 90.00 × 16/31 = 46.45 charged.
    expect(amounts(preview.now)).toEqual([-1548n, 4645n]);
    expect(preview.now.map((line) => line.description)).toEqual([
      'Unused time on Starter (16 of 31 days)',
      'Remaining time on Scale (16 of 31 days)',
    ]);
    expect([preview.totalNowMinor, preview.creditedMinor, preview.atPeriodEnd]).toEqual([3097n, 0n, []]);
  });

  test('an upgrade between IN_ARREARS plans invoices the old plan’s days so far now, the new plan’s rest at the end', () => {
    const preview = previewPlanChange(base([3000, 'IN_ARREARS'], [9000, 'IN_ARREARS']));
    expect(preview.effective).toBe('now');
    expect(amounts(preview.now)).toEqual([1452n]);
    expect(amounts(preview.atPeriodEnd)).toEqual([4645n]);
    expect(preview.totalNowMinor).toBe(1452n);
  });

  test('mixed timings settle the old plan like a cancel and bill the new one on its own timing', () => {
    const toArrears = previewPlanChange(base([3000, 'IN_ADVANCE'], [9000, 'IN_ARREARS']));
    expect([amounts(toArrears.now), toArrears.creditedMinor, amounts(toArrears.atPeriodEnd)]).toEqual([
      [],
      1548n,
      [4645n],
    ]);
    const toAdvance = previewPlanChange(base([3000, 'IN_ARREARS'], [9000, 'IN_ADVANCE']));
    expect([amounts(toAdvance.now), toAdvance.totalNowMinor, toAdvance.atPeriodEnd]).toEqual([
      [1452n, 4645n],
      6097n,
      [],
    ]);
  });

  test('a downgrade, or the same price, waits for the period end and bills nothing now', () => {
    for (const [from, to] of [
      [9000, 3000],
      [3000, 3000],
    ] as const) {
      const preview = previewPlanChange(base([from, 'IN_ADVANCE'], [to, 'IN_ADVANCE']));
      expect(preview).toEqual({
        effective: 'period_end',
        now: [],
        creditedMinor: 0n,
        atPeriodEnd: [],
        totalNowMinor: 0n,
      });
    }
  });

  test('the credit never exceeds what the period was invoiced minus what was credited already', () => {
    const preview = previewPlanChange({ ...base([3000, 'IN_ADVANCE'], [9000, 'IN_ADVANCE']), creditedMinor: 2000n });
    expect(amounts(preview.now)).toEqual([-1000n, 4645n]);
  });
});
