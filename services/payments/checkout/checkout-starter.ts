import {
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import { awaitCheckoutUpdate, PAYMENT_WORKFLOW_TYPE, type CheckoutState } from '../../../workflows/payments/messages';
import type { PaymentWorkflowInput } from '../../../workflows/payments/messages';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../../workflows/shared/search-attribute-keys';
import { paymentWorkflowId } from '../../../workflows/shared/workflow-ids';
import { checkoutNotAnswering, checkoutTemporalUnavailable } from './checkout-errors';

/** How checkout reaches Temporal. */
export interface CheckoutTemporal extends WorkflowClient {
  /** How long a request waits for the provider's checkout through the workflow; 15 s unless a test shortens it. */
  updateTimeoutMs?: number;
}

const CHECKOUT_TIMEOUT_MS = 15_000;

/**
 * Starts `payment:<tenantId>:<paymentId>` (a running one, e.g. started first by a notification's signalWithStart, is
 * used as is) and waits for its checkout. A worker that does not answer in time is a 503: the payment stays PENDING
 * and the next request for the invoice reuses it.
 */
export async function startPaymentCheckout(
  temporal: CheckoutTemporal,
  payment: { tenantId: string; paymentId: string; customerId: string },
): Promise<CheckoutState> {
  const workflowId = paymentWorkflowId(payment.tenantId, payment.paymentId);
  const input: PaymentWorkflowInput = { tenantId: payment.tenantId, paymentId: payment.paymentId };
  try {
    try {
      await temporal.client.workflow.start(PAYMENT_WORKFLOW_TYPE, {
        taskQueue: temporal.taskQueue,
        workflowId,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        typedSearchAttributes: [
          { key: TENANT_ID_SEARCH_ATTRIBUTE, value: payment.tenantId },
          { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: payment.customerId },
        ],
        staticSummary: `Payment ${payment.paymentId} of customer ${payment.customerId}`,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
    const handle = temporal.client.workflow.getHandle(workflowId);
    const timeout = AbortSignal.timeout(temporal.updateTimeoutMs ?? CHECKOUT_TIMEOUT_MS);
    return await temporal.client.connection.withAbortSignal(timeout, () => handle.executeUpdate(awaitCheckoutUpdate));
  } catch (error) {
    if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) throw checkoutNotAnswering(payment.paymentId);
    if (error instanceof ServiceError || error instanceof WorkflowNotFoundError) throw checkoutTemporalUnavailable();
    throw error;
  }
}
