import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { WebhookDeliveryStarter } from './outbox-relay';
import { TENANT_ID_SEARCH_ATTRIBUTE } from '../../../workflows/shared/search-attribute-keys';
import { webhookDeliveryWorkflowId } from '../../../workflows/shared/workflow-ids';
import { WEBHOOK_DELIVERY_WORKFLOW_TYPE, type WebhookDeliveryInput } from '../../../workflows/webhooks/messages';

/**
 * Temporal's task priority (1 goes first, 5 last, 3 when none is given): an urgent delivery's workflow tasks and
 * activities are taken ahead of every other task waiting on the queue.
 */
const URGENT_PRIORITY_KEY = 1;

/**
 * Starts one delivery series by type name (`webhook:<tenantId>:<eventId>`, `…-<series>` for redeliveries). The id
 * is the idempotency key: a running workflow is used as is (USE_EXISTING) and a finished one is never started again
 * (REJECT_DUPLICATE, reported as already started), so the relay, a second relay and a redelivery race harmlessly.
 * The worker's relay uses it too: it is the one place where a delivery is started.
 */
export function temporalWebhookDeliveryStarter(temporal: {
  client: Client;
  taskQueue: string;
}): WebhookDeliveryStarter {
  return async (input: WebhookDeliveryInput, options = { urgent: false }) => {
    try {
      await temporal.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW_TYPE, {
        ...(options.urgent ? { priority: { priorityKey: URGENT_PRIORITY_KEY } } : {}),
        taskQueue: temporal.taskQueue,
        workflowId: webhookDeliveryWorkflowId(input.tenantId, input.eventId, input.series),
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: [{ key: TENANT_ID_SEARCH_ATTRIBUTE, value: input.tenantId }],
        staticSummary: `Webhook ${input.eventId}, series ${input.series}`,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };
}
