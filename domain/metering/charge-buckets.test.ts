import { chargeBucketOf, splitIntoBuckets } from './charge-buckets';
import { type UsageEvent } from './usage-event';

const FILTERS = [
  { key: 'region', values: ['eu', 'uk'] },
  { key: 'tier', values: ['gold'] },
  { key: 'region', values: ['us'] },
  { key: 'size', values: ['10', '0.5'] },
];

describe('chargeBucketOf', () => {
  it.each([
    [{ region: 'eu' }, 0],
    [{ region: 'uk', tier: 'gold' }, 0],
    [{ region: 'us', tier: 'gold' }, 1],
    [{ region: 'us' }, 2],
    [{ size: 10 }, 3],
    [{ size: '0.5' }, 3],
    [{ size: 0.5 }, 3],
    [{ size: '10.0' }, 'rest'],
    [{ region: 'EU' }, 'rest'],
    [{}, 'rest'],
  ])('puts %j in the first filter that matches: %s', (properties, bucket) => {
    expect(chargeBucketOf(properties, FILTERS)).toBe(bucket);
  });

  it('puts everything in the rest when the charge has no filters', () => {
    expect(chargeBucketOf({ region: 'eu' }, [])).toBe('rest');
  });
});

describe('splitIntoBuckets', () => {
  it('keeps each bucket in the input order', () => {
    const event = (seq: number, region: string): UsageEvent => ({ timestamp: 0, seq, properties: { region } });
    const events = [event(1, 'us'), event(2, 'eu'), event(3, 'fr'), event(4, 'eu')];
    expect(splitIntoBuckets(events, FILTERS)).toEqual({
      filters: [[events[1], events[3]], [], [events[0]], []],
      rest: [events[2]],
    });
  });
});
