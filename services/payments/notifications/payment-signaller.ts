import { ServiceError } from '@temporalio/client';
import { withinDeadline } from '../../../infra/temporal/bounded-call';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../../workflows/shared/search-attribute-keys';
import { paymentWorkflowId } from '../../../workflows/shared/workflow-ids';
import {
  PAYMENT_WORKFLOW_TYPE,
  providerNotificationSignal,
  type PaymentWorkflowInput,
  type ProviderNotificationSignal,
} from '../../../workflows/payments/messages';
import { unavailable } from '../../platform/errors';

/** Hands a verified notification to the payment's workflow; throws when it could not (the caller answers 503). */
export type PaymentNotificationSignaller = (
  target: PaymentWorkflowInput & { customerId: string },
  signal: ProviderNotificationSignal,
) => Promise<void>;

/**
 * A provider waits seconds for our answer (and retries on a timeout), so a Temporal that does not answer soon is
 * treated as down: 503, and the provider's retry brings the notification again.
 */
export const SIGNAL_TIMEOUT_MS = 5_000;

export const temporalUnavailable = () =>
  unavailable('temporal_unavailable', 'The workflow service is unavailable; the notification was not taken, retry');

/**
 * signalWithStart on `payment:<tenantId>:<paymentId>`: signals the running workflow, or starts one with the signal
 * queued, so a notification that beats the checkout's own start, or comes after the workflow finished (a refund
 * result), is not lost. A finished workflow's id is reused (Temporal's default ALLOW_DUPLICATE): the new run reads
 * the payment and handles the signal.
 */
export function temporalPaymentSignaller(
  temporal: WorkflowClient,
  options: { timeoutMs?: number } = {},
): PaymentNotificationSignaller {
  return async (target, signal) => {
    try {
      await withinDeadline(temporal, options.timeoutMs ?? SIGNAL_TIMEOUT_MS, () =>
        temporal.client.workflow.signalWithStart(PAYMENT_WORKFLOW_TYPE, {
          taskQueue: temporal.taskQueue,
          workflowId: paymentWorkflowId(target.tenantId, target.paymentId),
          args: [{ tenantId: target.tenantId, paymentId: target.paymentId } satisfies PaymentWorkflowInput],
          signal: providerNotificationSignal,
          signalArgs: [signal],
          // As the checkout starts it (services/payments/checkout), in case the notification starts it first.
          typedSearchAttributes: [
            { key: TENANT_ID_SEARCH_ATTRIBUTE, value: target.tenantId },
            { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: target.customerId },
          ],
          staticSummary: `Payment ${target.paymentId} of customer ${target.customerId}`,
        }),
      );
    } catch (error) {
      if (error instanceof ServiceError) throw temporalUnavailable();
      throw error;
    }
  };
}
