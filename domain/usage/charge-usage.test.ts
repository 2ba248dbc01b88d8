import fc from 'fast-check';
import { createRational, MoneyOverflowError, toRational, type Rational } from '../money';
import { ANCHOR_RANGES, decimal, JPY, range, USD } from '../../test/fixtures/charge-model-values';
import { priceChargeUsage, segmentMinimumMinor, type ChargeUsage, type UsageBucket } from './charge-usage';

const january = {
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2026-02-01T00:00:00Z'),
  periodStart: new Date('2026-01-01T00:00:00Z'),
  periodEnd: new Date('2026-02-01T00:00:00Z'),
  timeZone: 'UTC',
  currency: USD,
};
const units = (value: bigint | string): Rational =>
  typeof value === 'bigint' ? toRational(value) : toRational(decimal(value));
const standard = (amount: string) => ({ model: 'STANDARD' as const, amount: decimal(amount) });
const own = (count: bigint | string, pricing: UsageBucket['pricing']): UsageBucket => ({
  filter: null,
  units: units(count),
  pricing,
});
const charge = (buckets: UsageBucket[], minAmount: string | null = null): ChargeUsage => ({
  name: 'API calls',
  buckets,
  minAmount: minAmount === null ? null : decimal(minAmount),
});

describe('priceChargeUsage', () => {
  it('prices up to the money maximum, and refuses one cent beyond it with a typed error before anything is stored', () => {
    expect(priceChargeUsage(charge([own('9999999999999', standard('0.01'))]), january).amountMinor).toBe(
      9_999_999_999_999n,
    );
    // A million events of the largest value at 1.00: within the door's bounds, beyond what money holds.
    const huge = charge([own(1_000_000_000_000n * 1_000_000n, standard('1'))]);
    expect(() => priceChargeUsage(huge, january)).toThrow(MoneyOverflowError);
    const trueUp = charge([own(0n, standard('1'))], '99999999999.99');
    expect(priceChargeUsage(trueUp, january).amountMinor).toBe(9_999_999_999_999n);
  });

  it.each([
    [
      'GRADUATED 250 units over the anchor ranges',
      { model: 'GRADUATED' as const, ranges: ANCHOR_RANGES },
      15500n,
      '0.62',
    ],
    [
      'GRADUATED with a flat 10.00 on the second range',
      {
        model: 'GRADUATED' as const,
        ranges: [range(0, 100, '1.00'), range(100, 200, '0.50', '10'), range(200, null, '0.10')],
      },
      16500n,
      '0.66',
    ],
    ['VOLUME 250 units over the anchor ranges', { model: 'VOLUME' as const, ranges: ANCHOR_RANGES }, 2500n, '0.1'],
    [
      'PACKAGE of 100 after 10 free units (3 packages started)',
      { model: 'PACKAGE' as const, amount: decimal('5'), packageSize: 100n, freeUnits: 10n },
      1500n,
      '0.06',
    ],
  ])('prices %s on one line of the period', (_name, pricing, amountMinor, unitAmount) => {
    const priced = priceChargeUsage(charge([own(250n, pricing)]), january);
    expect(priced.lines).toEqual([
      {
        type: 'USAGE',
        description: 'API calls',
        quantity: '250',
        unitAmount,
        amountMinor,
        periodStart: january.from,
        periodEnd: january.to,
      },
    ]);
    expect(priced.amountMinor).toBe(amountMinor);
  });

  it('takes the exact PERCENTAGE fee of the metering query and rounds it once: 7.60 over 1,210.00', () => {
    const fee = createRational(76n, 10n);
    const priced = priceChargeUsage(charge([own('1210', { model: 'PERCENTAGE', fee })]), january);
    expect(priced.lines).toMatchObject([{ quantity: '1210', unitAmount: '0.006280991736', amountMinor: 760n }]);
  });

  it('rounds a sub-cent fee once and gives the unit amount to 12 decimals', () => {
    const priced = priceChargeUsage(charge([own(1234n, standard('0.0004'))]), january);
    expect(priced.lines).toMatchObject([{ quantity: '1234', unitAmount: '0.000397082658', amountMinor: 49n }]);
  });

  it('rounds to the currency of the subscription without converting the parameters (0.5 JPY per unit)', () => {
    const priced = priceChargeUsage(charge([own(3n, standard('0.5'))]), { ...january, currency: JPY });
    expect(priced.lines).toMatchObject([{ quantity: '3', unitAmount: '0.666666666667', amountMinor: 2n }]);
  });

  it('puts each charge filter on its own line, then the events no filter took, naming the values', () => {
    const priced = priceChargeUsage(
      charge([
        { filter: { key: 'region', values: ['eu', 'uk'] }, units: units(10n), pricing: standard('0.02') },
        { filter: { key: 'region', values: ['us'] }, units: units(0n), pricing: standard('0.03') },
        own(5n, standard('0.01')),
      ]),
      january,
    );
    expect(
      priced.lines.map(({ description, quantity, amountMinor }) => ({ description, quantity, amountMinor })),
    ).toEqual([
      { description: 'API calls (region: eu, uk)', quantity: '10', amountMinor: 20n },
      { description: 'API calls (other)', quantity: '5', amountMinor: 5n },
    ]);
    expect(priced.buckets.map((bucket) => bucket.amountMinor)).toEqual([20n, 0n, 5n]);
    expect(priced.units).toEqual(units(15n));
  });

  it('keeps a line with 0 units that still costs something, and one with units that costs nothing', () => {
    const flatOnZero = { model: 'PERCENTAGE' as const, fee: createRational(1n, 2n) };
    const priced = priceChargeUsage(charge([own(0n, flatOnZero), own(7n, standard('0'))]), january);
    expect(priced.lines).toMatchObject([
      { quantity: '0', unitAmount: '0', amountMinor: 50n },
      { quantity: '7', unitAmount: '0', amountMinor: 0n },
    ]);
  });

  it('bills a negative total as 0 units', () => {
    const priced = priceChargeUsage(charge([own('-4.5', standard('1'))]), january);
    expect(priced.lines).toEqual([]);
    expect(priced.amountMinor).toBe(0n);
  });

  it('writes a WEIGHTED_SUM quantity without a finite decimal form to 12 decimals, pricing the exact value', () => {
    const weighted = createRational(3_546_002n, 2_678_400n);
    const priced = priceChargeUsage(charge([{ filter: null, units: weighted, pricing: standard('100') }]), january);
    expect(priced.lines).toMatchObject([{ quantity: '1.323925477897', amountMinor: 13239n }]);
  });

  it('adds a true-up line of quantity 1 up to the minimum of a whole period', () => {
    const priced = priceChargeUsage(charge([own(300n, standard('0.01'))], '10'), january);
    expect(priced.lines).toMatchObject([
      { description: 'API calls', amountMinor: 300n },
      { description: 'API calls (minimum 10.00)', quantity: '1', unitAmount: '7.00', amountMinor: 700n },
    ]);
    expect(priced).toMatchObject({ amountMinor: 1000n, trueUpMinor: 700n });
  });

  it('bills the minimum alone when nothing was used, and adds nothing once usage passes it', () => {
    expect(priceChargeUsage(charge([own(0n, standard('1'))], '10'), january).lines).toMatchObject([
      { quantity: '1', amountMinor: 1000n },
    ]);
    const above = priceChargeUsage(charge([own(11n, standard('1'))], '10'), january);
    expect(above).toMatchObject({ amountMinor: 1100n, trueUpMinor: 0n });
    expect(above.lines).toHaveLength(1);
  });

  it('prorates the minimum by calendar days for a segment: 15 of 31 days of 31.00 is 15.00', () => {
    const segment = { ...january, to: new Date('2026-01-16T09:30:00Z') };
    const priced = priceChargeUsage(charge([own(5n, standard('1'))], '31'), segment);
    expect(priced.lines).toMatchObject([
      { amountMinor: 500n, periodEnd: segment.to },
      { description: 'API calls (minimum 15.00)', amountMinor: 1000n },
    ]);
  });

  it('counts the segment’s days on the customer’s calendar', () => {
    const span = {
      ...january,
      from: new Date('2026-01-10T16:00:00Z'),
      to: new Date('2026-01-20T14:00:00Z'),
      timeZone: 'Asia/Tokyo',
    };
    // 10 UTC dates apart, but Jan 11 01:00 to Jan 20 23:00 in Tokyo: 9 local days of the period's 31.
    expect(segmentMinimumMinor(decimal('31'), span)).toBe(900n);
    expect(segmentMinimumMinor(decimal('31'), { ...span, timeZone: 'UTC' })).toBe(1000n);
  });

  it('never bills less than the minimum nor lines that do not add up to the charge (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10_000n }), fc.integer({ min: 0, max: 5000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
        (buckets, minimumCents) => {
          const priced = priceChargeUsage(
            charge(
              buckets.map(([count, cents]) => own(count, standard((cents / 1000).toString()))),
              minimumCents === null ? null : (minimumCents / 100).toString(),
            ),
            january,
          );
          const sum = priced.lines.reduce((total, line) => total + line.amountMinor, 0n);
          expect(sum).toBe(priced.amountMinor);
          expect(priced.amountMinor >= BigInt(minimumCents ?? 0)).toBe(true);
        },
      ),
    );
  });
});
