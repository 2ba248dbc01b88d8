import { parseId, type SubscriptionId } from '../../../domain/ids';
import {
  cancelSubscription,
  findSubscription,
  subscriptionNotFound,
  undoScheduledCancel,
  type SubscriptionActionContext,
  type SubscriptionRecord,
} from '../../billing/subscriptions';
import { AppError } from '../../platform/errors';

export interface PortalSubscriptionRequest {
  customerId: string;
  subscriptionId: string;
}

/** The customer's own subscription; another customer's, or an unknown id, is `subscription_not_found`. */
async function requireOwnSubscription(
  context: SubscriptionActionContext,
  request: PortalSubscriptionRequest,
): Promise<SubscriptionRecord & { id: SubscriptionId }> {
  const id = parseId('subscription', request.subscriptionId);
  const subscription = id === undefined ? undefined : await findSubscription(context.sql, id);
  if (id === undefined || subscription === undefined || subscription.customerId !== request.customerId) {
    throw subscriptionNotFound(request.subscriptionId);
  }
  return { ...subscription, id };
}

/**
 * Asks for a state the customer sees as done once it holds: a repeat (a double submit, a second tab) of a change
 * already made answers the subscription as it is, including when the workflow refused the repeat as a transition
 * it had just made.
 */
async function reachState(
  context: SubscriptionActionContext,
  request: PortalSubscriptionRequest,
  goal: {
    holds: (subscription: SubscriptionRecord) => boolean;
    make: (id: SubscriptionId) => Promise<SubscriptionRecord>;
  },
): Promise<SubscriptionRecord> {
  const subscription = await requireOwnSubscription(context, request);
  if (goal.holds(subscription)) return subscription;
  try {
    return await goal.make(subscription.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'conflict') throw error;
    const now = await requireOwnSubscription(context, request);
    if (goal.holds(now)) return now;
    throw error;
  }
}

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
