import { percentageExact } from '../charge-models';
import { createRational, parseDecimal, type Decimal } from '../money';
import { aggregateBucketUnits, percentageBucketFees, percentageTransactions } from './bucket-usage';
import { type PropertyValue, type UsageEvent } from './usage-event';

const decimal = (text: string): Decimal => {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const PERIOD = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 1, 1) };
const event = (day: number, seq: number, properties: Record<string, PropertyValue>): UsageEvent => ({
  timestamp: Date.UTC(2026, 0, day),
  seq,
  properties,
});

describe('aggregateBucketUnits', () => {
  it('aggregates each filter and the rest on their own events, recurring totals included', () => {
    const events = [
      event(0, 1, { region: 'eu', amount: 5 }), // Dec 31: carried
      event(2, 2, { region: 'eu', amount: 1 }),
      event(3, 3, { region: 'us', amount: 2 }),
      event(4, 4, { amount: 4 }),
    ];
    const filters = [
      { key: 'region', values: ['eu'] },
      { key: 'region', values: ['jp'] },
    ];
    const sum = (recurring: boolean) =>
      aggregateBucketUnits({
        events,
        period: PERIOD,
        metric: { aggregationType: 'SUM', fieldName: 'amount', recurring },
        filters,
      });
    const units = (value: bigint) => createRational(value, 1n);
    expect(sum(false)).toEqual({ filters: [units(1n), units(0n)], rest: units(6n) });
    expect(sum(true)).toEqual({ filters: [units(6n), units(0n)], rest: units(6n) });
  });
});

describe('percentageTransactions', () => {
  it('lists the period values in event order, negative amounts as 0, skipping non-numbers', () => {
    const events = [
      event(5, 9, { amount: '30' }),
      event(5, 8, { amount: 20 }),
      event(2, 10, { amount: -4 }),
      event(3, 11, { amount: 'n/a' }),
      event(0, 1, { amount: 99 }),
      event(32, 2, { amount: 99 }),
    ];
    expect(percentageTransactions({ events, period: PERIOD, fieldName: 'amount' })).toEqual([
      decimal('0'),
      decimal('20'),
      decimal('30'),
    ]);
  });
});

describe('percentageBucketFees', () => {
  it('prices each bucket with its own terms through percentageExact', () => {
    const events = [
      event(2, 1, { amount: 100, card: 'amex' }),
      event(3, 2, { amount: 200 }),
      event(4, 3, { amount: 50, card: 'amex' }),
    ];
    const amex = { rate: decimal('3'), freeUnitsPerEvents: 1n };
    const standard = { rate: decimal('1'), fixedAmount: decimal('0.3') };
    const fees = percentageBucketFees({
      events,
      period: PERIOD,
      fieldName: 'amount',
      filters: [{ key: 'card', values: ['amex'], terms: amex }],
      restTerms: standard,
    });
    expect(fees).toEqual({
      filters: [percentageExact({ transactions: [decimal('100'), decimal('50')], terms: amex })],
      rest: percentageExact({ transactions: [decimal('200')], terms: standard }),
    });
    expect(fees.filters[0]).toEqual(createRational(3n, 2n));
  });
});
