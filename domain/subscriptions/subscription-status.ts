/**
 * A subscription's lifecycle statuses (CONTRACT §7), in the order the API documents them. The database check
 * constraint, the workflow, the stores and the API schema all use this one list.
 */
export const SUBSCRIPTION_STATUSES = ['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE', 'CANCELED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A live subscription is one that has not ended: everything but CANCELED. A customer with a live subscription cannot
 * be deleted (CONTRACT §2).
 */
export const LIVE_SUBSCRIPTION_STATUSES = [
  'TRIALING',
  'ACTIVE',
  'PAUSED',
  'PAST_DUE',
] as const satisfies readonly SubscriptionStatus[];
export type LiveSubscriptionStatus = (typeof LIVE_SUBSCRIPTION_STATUSES)[number];

export const isLiveSubscription = (status: SubscriptionStatus): status is LiveSubscriptionStatus =>
  (LIVE_SUBSCRIPTION_STATUSES as readonly SubscriptionStatus[]).includes(status);

/** Text read from storage, when it names a status; undefined for anything else (a row of a later version). */
export function parseSubscriptionStatus(value: string): SubscriptionStatus | undefined {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value) ? (value as SubscriptionStatus) : undefined;
}
