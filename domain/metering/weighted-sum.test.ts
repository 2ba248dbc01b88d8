import fc from 'fast-check';
import { createRational, type Rational } from '../money';
import { addUnits, multiplyUnits, sumUnits } from './exact-units';
import { type UsageEvent } from './usage-event';
import { weightedSumUnits } from './weighted-sum';

const at = (iso: string) => Date.parse(iso);
let seq = 0;
const delta = (iso: string, value: number | string): UsageEvent => ({
  timestamp: at(iso),
  seq: seq++,
  properties: { seats: value },
});
const JANUARY_2022 = { start: at('2022-01-01T00:00:00Z'), end: at('2022-02-01T00:00:00Z') };
const weighted = (events: UsageEvent[], period: { start: number; end: number }, recurring = false) =>
  weightedSumUnits({ events, period, fieldName: 'seats', recurring });

describe('weightedSumUnits', () => {
  // Issue 16's known answer: +2 at Jan 1 00:00:00, -1 at 01:00:00, +4 at 12:00:00, -4 at Jan 4 00:00:00, +2 at
  // Jan 31 23:59:59.
  const fixture = [
    delta('2022-01-01T00:00:00Z', 2),
    delta('2022-01-01T01:00:00Z', -1),
    delta('2022-01-01T12:00:00Z', 4),
    delta('2022-01-04T00:00:00Z', -4),
    delta('2022-01-31T23:59:59Z', 2),
  ];

  it('weights the running total by the seconds it held over the seconds of January 2022', () => {
    const seconds = (from: string, to: string) => (at(to) - at(from)) / 1000;
    const held =
      2 * seconds('2022-01-01T00:00:00Z', '2022-01-01T01:00:00Z') +
      1 * seconds('2022-01-01T01:00:00Z', '2022-01-01T12:00:00Z') +
      5 * seconds('2022-01-01T12:00:00Z', '2022-01-04T00:00:00Z') +
      1 * seconds('2022-01-04T00:00:00Z', '2022-01-31T23:59:59Z') +
      3 * seconds('2022-01-31T23:59:59Z', '2022-02-01T00:00:00Z');
    const periodSeconds = seconds('2022-01-01T00:00:00Z', '2022-02-01T00:00:00Z');
    expect([held, periodSeconds]).toEqual([3_546_002, 2_678_400]);
    expect(weighted(fixture, JANUARY_2022)).toEqual(createRational(BigInt(held), BigInt(periodSeconds)));
  });

  it('opens a recurring period at the total of every earlier delta', () => {
    const february = { start: at('2022-02-01T00:00:00Z'), end: at('2022-03-01T00:00:00Z') };
    // January closes at 3; February holds 3 all month, then +1 for its last day.
    const events = [...fixture, delta('2022-02-28T00:00:00Z', 1)];
    expect(weighted(events, february, true)).toEqual(createRational(3n * 28n + 1n, 28n));
    expect(weighted(events, february, false)).toEqual(createRational(1n, 28n));
    expect(weighted(fixture, february, true)).toEqual(createRational(3n, 1n));
  });

  it('gives 0 for a period without length or without events', () => {
    expect(weighted(fixture, { start: JANUARY_2022.start, end: JANUARY_2022.start })).toEqual(createRational(0n, 1n));
    expect(weighted([], JANUARY_2022, true)).toEqual(createRational(0n, 1n));
  });

  it('equals each delta held from its instant to the end, and splits over consecutive recurring periods', () => {
    const instant = fc.integer({ min: 0, max: 1_000_000 });
    const anEvent = fc.record({
      timestamp: instant,
      seq: fc.nat(),
      properties: fc.record({ seats: fc.integer({ min: -9, max: 9 }) }),
    });
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 25 }), fc.tuple(instant, instant, instant), (events, bounds) => {
        const [a, b, c] = [...bounds].sort((x, y) => x - y) as [number, number, number];
        fc.pre(a < b && b < c);
        const length = (from: number, to: number): Rational => createRational(BigInt(to - from), 1n);
        const closedForm = sumUnits(
          events
            .filter((event) => event.timestamp < c)
            .map((event) =>
              createRational(BigInt(event.properties.seats) * BigInt(c - Math.max(event.timestamp, a)), 1n),
            ),
        );
        expect(multiplyUnits(weighted(events, { start: a, end: c }, true), length(a, c))).toEqual(closedForm);
        const whole = multiplyUnits(weighted(events, { start: a, end: c }, true), length(a, c));
        const split = addUnits(
          multiplyUnits(weighted(events, { start: a, end: b }, true), length(a, b)),
          multiplyUnits(weighted(events, { start: b, end: c }, true), length(b, c)),
        );
        expect(split).toEqual(whole);
      }),
    );
  });
});
