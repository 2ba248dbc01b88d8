import type { SubscriptionWorkflowInput } from '../../../workflows/subscriptions/messages';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { SubscriptionSql } from './subscription-records';
import { markWorkflowStarted } from './pending-starts';

/** The workflow type name, started by name: the API does not load workflow code. */
export const SUBSCRIPTION_WORKFLOW_TYPE = 'subscriptionWorkflow';

/** What starting a subscription's workflow needs: its input plus what operators filter and read on. */
export interface StartableSubscription extends SubscriptionWorkflowInput {
  customerId: string;
  planId: string;
  status: SubscriptionStatus;
}

/**
 * Starts the subscription's workflow, or finds it already started (running or even finished): either way it
 * resolves, so the API's start and the repair loop may both try. Throws only when Temporal could not be reached.
 * The Temporal implementation is built where workflow ids and search attributes may be imported (the API).
 */
export type SubscriptionWorkflowStarter = (subscription: StartableSubscription) => Promise<void>;

/**
 * Starts the workflow, then records that it runs; a failure leaves `workflow_started_at` null and the subscription in
 * the index of pending starts, for the repair loop.
 */
export async function startSubscriptionWorkflow(
  sql: SubscriptionSql,
  options: { start: SubscriptionWorkflowStarter; subscription: StartableSubscription },
): Promise<void> {
  await options.start(options.subscription);
  await markWorkflowStarted(sql, options.subscription.subscriptionId);
}
