import { parseId, type SubscriptionId } from '../../../domain/ids';
import {
  findSubscription,
  subscriptionNotFound,
  type SubscriptionActionContext,
  type SubscriptionRecord,
} from '../../billing/subscriptions';
import { AppError } from '../../platform/errors';

export interface PortalSubscriptionRequest {
  customerId: string;
  subscriptionId: string;
}

/** The customer's own subscription; another customer's, or an unknown id, is `subscription_not_found`. */
export async function requireOwnSubscription(
  sql: SubscriptionActionContext['sql'],
  request: PortalSubscriptionRequest,
): Promise<SubscriptionRecord & { id: SubscriptionId }> {
  const id = parseId('subscription', request.subscriptionId);
  const subscription = id === undefined ? undefined : await findSubscription(sql, id);
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
export async function reachState(
  context: SubscriptionActionContext,
  request: PortalSubscriptionRequest,
  goal: {
    holds: (subscription: SubscriptionRecord) => boolean;
    make: (id: SubscriptionId) => Promise<SubscriptionRecord>;
  },
): Promise<SubscriptionRecord> {
  const subscription = await requireOwnSubscription(context.sql, request);
  if (goal.holds(subscription)) return subscription;
  try {
    return await goal.make(subscription.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'conflict') throw error;
    const now = await requireOwnSubscription(context.sql, request);
    if (goal.holds(now)) return now;
    throw error;
  }
}
