import { createRational } from '../money';
import { type PropertyValue, type UsageEvent } from './usage-event';
import { uniqueCountUnits } from './unique-count';

let nextSeq = 1;
const use = (iso: string, user: PropertyValue, operation?: 'add' | 'remove', seq = nextSeq++): UsageEvent => ({
  timestamp: new Date(iso),
  seq,
  properties: operation === undefined ? { user } : { user, operation_type: operation },
});
const MAY = { start: new Date('2026-05-01T00:00:00Z'), end: new Date('2026-06-01T00:00:00Z') };
const count = (events: UsageEvent[], recurring: boolean) =>
  uniqueCountUnits({ events, period: MAY, fieldName: 'user', recurring });
const units = (value: bigint) => createRational(value, 1n);

describe('uniqueCountUnits', () => {
  it('counts distinct values of the period compared as strings: "7" and 7 are one value', () => {
    const events = [
      use('2026-05-02T00:00:00Z', 'ann'),
      use('2026-05-03T00:00:00Z', 'ann'),
      use('2026-05-04T00:00:00Z', '7'),
      use('2026-05-05T00:00:00Z', 7),
      use('2026-05-06T00:00:00Z', 7.5),
      use('2026-04-30T23:59:59Z', 'bob'),
      use('2026-06-01T00:00:00Z', 'cid'),
    ];
    expect(count(events, false)).toEqual(units(3n));
  });

  it('does not count removals as uses of a non-recurring metric', () => {
    const events = [use('2026-05-02T00:00:00Z', 'ann', 'remove'), use('2026-05-03T00:00:00Z', 'bob', 'add')];
    expect(count(events, false)).toEqual(units(1n));
  });

  it('counts the values active at the end of a recurring period, added in it or carried from before', () => {
    const events = [
      use('2026-04-02T00:00:00Z', 'carried'),
      use('2026-04-03T00:00:00Z', 'gone-before'),
      use('2026-04-04T00:00:00Z', 'gone-before', 'remove'),
      use('2026-05-02T00:00:00Z', 'added', 'add'),
      use('2026-05-02T00:00:00Z', 'removed-in-may'),
      use('2026-05-20T00:00:00Z', 'removed-in-may', 'remove'),
      use('2026-05-21T00:00:00Z', 'gone-before'),
      use('2026-06-01T00:00:00Z', 'added-in-june'),
      use('2026-06-02T00:00:00Z', 'carried', 'remove'),
    ];
    expect(count(events, true)).toEqual(units(3n)); // carried, added, gone-before (back in May)
  });

  it('decides a value added and removed at the same instant by the later ingestion', () => {
    const added = use('2026-05-10T00:00:00Z', 'ann', 'add', 100);
    const removed = use('2026-05-10T00:00:00Z', 'ann', 'remove', 101);
    expect(count([removed, added], true)).toEqual(units(0n));
    expect(count([{ ...added, seq: 102 }, removed], true)).toEqual(units(1n));
  });

  it('ignores removing an inactive value and adding an active one again', () => {
    const events = [
      use('2026-05-02T00:00:00Z', 'ann', 'remove'),
      use('2026-05-03T00:00:00Z', 'ann'),
      use('2026-05-04T00:00:00Z', 'ann'),
    ];
    expect(count(events, true)).toEqual(units(1n));
  });

  it('counts nothing for events without the field', () => {
    const event: UsageEvent = { timestamp: new Date('2026-05-02T00:00:00Z'), seq: 1, properties: { other: 'x' } };
    expect(count([event], false)).toEqual(units(0n));
    expect(count([event], true)).toEqual(units(0n));
  });
});
