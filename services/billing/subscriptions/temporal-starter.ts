import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import {
  SUBSCRIPTION_WORKFLOW_TYPE,
  type StartableSubscription,
  type SubscriptionWorkflowStarter,
} from './workflow-starter';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../../workflows/shared/search-attribute-keys';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import type { SubscriptionWorkflowInput } from '../../../workflows/subscriptions/messages';

/**
 * Starts `subscription:<tenantId>:<subscriptionId>` by type name. The id is the idempotency key: a running
 * workflow is used as is (USE_EXISTING) and a finished one is never started again (REJECT_DUPLICATE, reported
 * as already started), so the API and the repair loop may race harmlessly.
 */
export function temporalSubscriptionStarter(temporal: {
  client: Client;
  taskQueue: string;
}): SubscriptionWorkflowStarter {
  return async (subscription: StartableSubscription) => {
    const input: SubscriptionWorkflowInput = {
      tenantId: subscription.tenantId,
      subscriptionId: subscription.subscriptionId,
    };
    try {
      await temporal.client.workflow.start(SUBSCRIPTION_WORKFLOW_TYPE, {
        taskQueue: temporal.taskQueue,
        workflowId: subscriptionWorkflowId(subscription.tenantId, subscription.subscriptionId),
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: [
          { key: TENANT_ID_SEARCH_ATTRIBUTE, value: subscription.tenantId },
          { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: subscription.customerId },
          { key: SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE, value: subscription.status },
        ],
        memo: { customerId: subscription.customerId, planId: subscription.planId },
        // Static: the plan may change, so it lives in the memo (kept current by the workflow) and current details.
        staticSummary: `Subscription ${subscription.subscriptionId} of customer ${subscription.customerId}`,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };
}
