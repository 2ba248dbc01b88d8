import fc from 'fast-check';
import { createRational, type Rational } from '../money';
import { aggregateUnits, type MeteringAggregation, type AggregationType } from './aggregate-units';
import { type PropertyValue, type UsageEvent } from './usage-event';

const at = (iso: string) => new Date(iso);
const MARCH = { start: at('2026-03-01T00:00:00Z'), end: at('2026-04-01T00:00:00Z') };
const units = (numerator: bigint, denominator = 1n): Rational => createRational(numerator, denominator);

let nextSeq = 1;
const event = (iso: string, properties: Record<string, PropertyValue> = {}, seq = nextSeq++): UsageEvent => ({
  timestamp: at(iso),
  seq,
  properties,
});
const metric = (aggregationType: AggregationType, recurring = false): MeteringAggregation => ({
  aggregationType,
  fieldName: aggregationType === 'COUNT' ? null : 'value',
  recurring,
});
const aggregate = (type: AggregationType, events: UsageEvent[], recurring = false) =>
  aggregateUnits({ events, period: MARCH, metric: metric(type, recurring) });

describe('aggregateUnits', () => {
  const before = event('2026-02-20T00:00:00Z', { value: 100 });
  const first = event('2026-03-01T00:00:00Z', { value: '2.5' });
  const second = event('2026-03-15T12:00:00Z', { value: -1 });
  const third = event('2026-03-31T23:59:59.999Z', { value: 4 });
  const after = event('2026-04-01T00:00:00Z', { value: 1000 });
  const events = [after, third, before, second, first];

  it.each<[AggregationType, Rational]>([
    ['COUNT', units(3n)],
    ['SUM', units(11n, 2n)],
    ['MAX', units(4n)],
    ['LATEST', units(4n)],
    ['UNIQUE_COUNT', units(3n)],
  ])('aggregates %s over [start, end): the start is in, the end is out', (type, expected) => {
    expect(aggregate(type, events)).toEqual(expected);
  });

  it.each(['COUNT', 'SUM', 'MAX', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM'] as const)(
    'gives 0 %s units for a period without events',
    (type) => {
      expect(aggregate(type, [before, after])).toEqual(units(0n));
      expect(aggregate(type, [])).toEqual(units(0n));
    },
  );

  it('carries a recurring SUM: every value before the end, since the subscription began', () => {
    expect(aggregate('SUM', events, true)).toEqual(units(211n, 2n));
    expect(aggregate('SUM', [before], true)).toEqual(units(100n));
  });

  it('ignores recurring for the types that cannot recur', () => {
    expect(aggregate('COUNT', events, true)).toEqual(units(3n));
    expect(aggregate('MAX', events, true)).toEqual(units(4n));
  });

  it('reads numeric strings exactly and skips values that are missing or not numbers', () => {
    const values = ['0.1', 0.2, '1e2', 'ten', '', 'NaN', '1.5.2', ' 3', '-0.3'].map((value) =>
      event('2026-03-02T00:00:00Z', { value }),
    );
    expect(aggregate('SUM', [...values, event('2026-03-03T00:00:00Z', { other: 5 })])).toEqual(units(100n)); // 0.1 + 0.2 + 100 - 0.3, exactly
    expect(aggregate('COUNT', values)).toEqual(units(9n));
  });

  it('can give a MAX below 0 when every value is negative', () => {
    expect(
      aggregate('MAX', [
        event('2026-03-02T00:00:00Z', { value: -5 }),
        event('2026-03-03T00:00:00Z', { value: '-2.25' }),
      ]),
    ).toEqual(units(-9n, 4n));
  });

  it('takes LATEST from the greatest timestamp, ties going to the later ingestion', () => {
    const tied = [
      event('2026-03-10T00:00:00Z', { value: 7 }, 11),
      event('2026-03-10T00:00:00Z', { value: 9 }, 12),
      event('2026-03-09T00:00:00Z', { value: 1 }, 13),
    ];
    expect(aggregate('LATEST', tied)).toEqual(units(9n));
    expect(aggregate('LATEST', tied.reverse())).toEqual(units(9n));
    expect(
      aggregate('LATEST', [
        event('2026-03-10T00:00:00Z', { value: 5 }, 20),
        event('2026-03-10T00:00:00Z', { value: 3 }, 19),
      ]),
    ).toEqual(units(5n));
  });

  it('counts SUM, COUNT and UNIQUE_COUNT per period so that consecutive periods add up (property)', () => {
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 5, 1) });
    const anEvent = fc.record({
      timestamp: instant,
      seq: fc.nat(),
      properties: fc.record({ value: fc.integer({ min: -50, max: 50 }) }),
    });
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 30 }), fc.tuple(instant, instant, instant), (generated, bounds) => {
        const [a, b, c] = [...bounds].sort((x, y) => x - y) as [number, number, number];
        const sum = (start: number, end: number, recurring = false) =>
          aggregateUnits({ events: generated, period: { start, end }, metric: metric('SUM', recurring) });
        const whole = sum(a, c);
        const parts = sum(a, b).numerator * sum(b, c).denominator + sum(b, c).numerator * sum(a, b).denominator;
        expect(units(parts, sum(a, b).denominator * sum(b, c).denominator)).toEqual(whole);
        // Recurring: the carried total at b plus [b, c) is the recurring total at c.
        expect(sum(b, c, true)).toEqual(sum(0, c));
      }),
    );
  });
});
