import { createRational, toRational } from '../money';
import { decimal, range, USD } from '../../test/fixtures/charge-model-values';
import { priceChargeUsage, type ChargeUsage } from './charge-usage';
import { growsWithEvents, projectChargeUsage, projectionFactor } from './usage-projection';

const january = {
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2026-01-31T00:00:00Z'),
  periodStart: new Date('2026-01-01T00:00:00Z'),
  periodEnd: new Date('2026-01-31T00:00:00Z'),
  timeZone: 'UTC',
  currency: USD,
};
const at = (iso: string) => new Date(iso);

describe('projectionFactor', () => {
  it('scales usage so far to the whole segment by the share of it that has passed', () => {
    expect(projectionFactor(january, at('2026-01-11T00:00:00Z'))).toEqual(createRational(3n, 1n));
    expect(projectionFactor(january, at('2026-01-16T00:00:00Z'))).toEqual(createRational(2n, 1n));
  });

  it('is 1 once the segment is over, and null while less than a thirtieth of it has passed', () => {
    expect(projectionFactor(january, at('2026-02-03T00:00:00Z'))).toEqual(createRational(1n, 1n));
    expect(projectionFactor(january, at('2026-01-01T23:59:59Z'))).toBeNull();
    expect(projectionFactor(january, at('2026-01-02T00:00:00Z'))).toEqual(createRational(30n, 1n));
    expect(projectionFactor(january, at('2025-12-31T00:00:00Z'))).toBeNull();
  });
});

describe('growsWithEvents', () => {
  it('is true of counts and sums that start afresh each period, false of the rest', () => {
    expect(growsWithEvents({ aggregationType: 'COUNT', recurring: false })).toBe(true);
    expect(growsWithEvents({ aggregationType: 'SUM', recurring: false })).toBe(true);
    expect(growsWithEvents({ aggregationType: 'SUM', recurring: true })).toBe(false);
    for (const aggregationType of ['MAX', 'LATEST', 'UNIQUE_COUNT', 'WEIGHTED_SUM'] as const) {
      expect(growsWithEvents({ aggregationType, recurring: false })).toBe(false);
    }
  });
});

describe('projectChargeUsage', () => {
  it('prices the projected units with the charge model: graduated tiers are not a straight line', () => {
    // 0-100 at 0.10, above at 0.05. 80 units after a third of the period: 240 at the end.
    const charge: ChargeUsage = {
      name: 'API calls',
      minAmount: null,
      buckets: [
        {
          filter: null,
          units: toRational(80n),
          pricing: { model: 'GRADUATED', ranges: [range(0, 100, '0.10'), range(100, null, '0.05')] },
        },
      ],
    };
    expect(priceChargeUsage(charge, january).amountMinor).toBe(800n);
    const projected = projectChargeUsage(charge, createRational(3n, 1n));
    // 100 × 0.10 + 140 × 0.05 = 17.00 (a straight line from 8.00 would say 24.00).
    expect(priceChargeUsage(projected, january).amountMinor).toBe(1700n);
  });

  it('scales a percentage charge’s fee with its units', () => {
    const charge: ChargeUsage = {
      name: 'Payments',
      minAmount: null,
      buckets: [
        { filter: null, units: toRational(4n), pricing: { model: 'PERCENTAGE', fee: toRational(decimal('1.25')) } },
      ],
    };
    const projected = projectChargeUsage(charge, createRational(2n, 1n));
    expect(priceChargeUsage(projected, january).amountMinor).toBe(250n);
  });
});
