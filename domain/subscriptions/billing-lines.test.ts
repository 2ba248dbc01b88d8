import { toCurrencyCode } from '../money';
import { buildFeeLine, buildPlanChangeLines } from './billing-lines';

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
