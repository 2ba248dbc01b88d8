import {
  isLiveSubscription,
  LIVE_SUBSCRIPTION_STATUSES,
  parseSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from './subscription-status';

describe('subscription status', () => {
  it.each<[SubscriptionStatus, boolean]>([
    ['TRIALING', true],
    ['ACTIVE', true],
    ['PAUSED', true],
    ['PAST_DUE', true],
    ['CANCELED', false],
  ])('a %s subscription is live: %s', (status, live) => {
    expect(isLiveSubscription(status)).toBe(live);
  });

  it('lists the live statuses in the order of all statuses', () => {
    expect(LIVE_SUBSCRIPTION_STATUSES).toEqual(SUBSCRIPTION_STATUSES.filter(isLiveSubscription));
  });

  it.each([
    ['ACTIVE', 'ACTIVE'],
    ['PAST_DUE', 'PAST_DUE'],
    ['active', undefined],
    ['EXPIRED', undefined],
    ['', undefined],
  ])('reads stored text %j as %j', (text, status) => {
    expect(parseSubscriptionStatus(text)).toBe(status);
  });
});
