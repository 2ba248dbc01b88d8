import { toCurrencyCode } from '../money';
import { buildFeeLine, buildIntervalChangeLines, buildPlanChangeLines } from './billing-lines';

const USD = toCurrencyCode('USD');
const start = new Date('2026-01-01T00:00:00.000Z');
const end = new Date('2026-02-01T00:00:00.000Z');
const change = new Date('2026-01-16T00:00:00.000Z');

describe('subscription invoice lines', () => {
  test('a whole period is one SUBSCRIPTION line with the full fee', () => {
    const line = buildFeeLine(
      { name: 'Pro', feeMinor: 3000n },
      { periodStart: start, periodEnd: end, from: start, until: end, timeZone: 'UTC', currency: USD },
    );
    expect(line).toEqual({
      type: 'SUBSCRIPTION',
      description: 'Pro',
      quantity: '1',
      unitAmount: '30.00',
      amountMinor: 3000n,
      periodStart: start,
      periodEnd: end,
    });
  });

  test('an in-arrears 100.00 plan changed on January 15 bills 45.16 for its 14 days, then 54.84 for the rest', () => {
    const segment = { periodStart: start, periodEnd: end, timeZone: 'UTC', currency: USD };
    const changedAt = new Date('2026-01-15T00:00:00.000Z');
    const used = buildFeeLine({ name: 'Metered', feeMinor: 10_000n }, { ...segment, from: start, until: changedAt });
    expect(used).toMatchObject({ type: 'PRORATION', amountMinor: 4516n, unitAmount: '45.16' });
    expect(used.description).toBe('Metered (14 of 31 days)');
    const rest = buildFeeLine({ name: 'Metered', feeMinor: 10_000n }, { ...segment, from: changedAt, until: end });
    expect(rest).toMatchObject({ amountMinor: 5484n, periodStart: changedAt, periodEnd: end });
  });

  test('upgrading 29.00 → 79.00 on January 16: credit −14.97, charge 40.77', () => {
    const lines = buildPlanChangeLines({
      oldPlan: { name: 'Basic', feeMinor: 2900n },
      newPlan: { name: 'Pro', feeMinor: 7900n },
      changeAt: change,
      periodStart: start,
      periodEnd: end,
      timeZone: 'UTC',
      currency: USD,
      invoicedMinor: 2900n,
      creditedMinor: 0n,
    });
    expect(lines.credit).toMatchObject({ amountMinor: -1497n, unitAmount: '-14.97', periodStart: change });
    expect(lines.charge).toMatchObject({ amountMinor: 4077n, unitAmount: '40.77', periodEnd: end });
    expect(lines.credit.description).toBe('Unused time on Basic (16 of 31 days)');
  });
});

describe('a change to another billing interval, effective now', () => {
  const yearEnd = new Date('2027-01-16T00:00:00.000Z');
  const monthlyToYearly = (invoicedMinor: bigint, creditedMinor: bigint) =>
    buildIntervalChangeLines({
      oldPlan: { name: 'Monthly', feeMinor: 3000n },
      newPlan: { name: 'Yearly', feeMinor: 30_000n },
      changeAt: change,
      oldPeriod: { start, end },
      newPeriod: { start: change, end: yearEnd },
      timeZone: 'UTC',
      currency: USD,
      invoicedMinor,
      creditedMinor,
    });

  test('monthly 30.00 → yearly 300.00 on January 16: credit −15.48 for 16 of 31 days, the new year charged 300.00', () => {
    const lines = monthlyToYearly(3000n, 0n);
    expect(lines.credit).toEqual({
      type: 'PRORATION',
      description: 'Unused time on Monthly (16 of 31 days)',
      quantity: '1',
      unitAmount: '-15.48',
      amountMinor: -1548n,
      periodStart: change,
      periodEnd: end,
    });
    expect(lines.charge).toEqual({
      type: 'SUBSCRIPTION',
      description: 'Yearly',
      quantity: '1',
      unitAmount: '300.00',
      amountMinor: 30_000n,
      periodStart: change,
      periodEnd: yearEnd,
    });
  });

  test('the credit is capped at what the period invoiced minus what was credited, and left out when nothing is left', () => {
    expect(monthlyToYearly(3000n, 2000n).credit?.amountMinor).toBe(-1000n);
    expect(monthlyToYearly(3000n, 3000n).credit).toBeNull();
    expect(monthlyToYearly(3000n, 3000n).charge.amountMinor).toBe(30_000n);
  });
});
