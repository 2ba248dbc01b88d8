import {
  cancelSubscription,
  undoScheduledCancel,
  type SubscriptionActionContext,
  type SubscriptionRecord,
} from '../../billing/subscriptions';
import { reachState, type PortalSubscriptionRequest } from './own-subscription';

/** Cancel at the end of the current period, through the same use case as `POST /subscriptions/:id/cancel`. */
export async function cancelPortalSubscription(
  context: SubscriptionActionContext,
  request: PortalSubscriptionRequest,
): Promise<SubscriptionRecord> {
  return reachState(context, request, {
    holds: (subscription) => subscription.cancelAt !== null,
    make: (id) => cancelSubscription(context, id, { cancelAt: 'period_end' }),
  });
}

/** Takes back a scheduled cancellation before the period ends: the subscription renews as before. */
export async function keepPortalSubscription(
  context: SubscriptionActionContext,
  request: PortalSubscriptionRequest,
): Promise<SubscriptionRecord> {
  return reachState(context, request, {
    holds: (subscription) => subscription.cancelAt === null && subscription.status !== 'CANCELED',
    make: (id) => undoScheduledCancel(context, id),
  });
}
