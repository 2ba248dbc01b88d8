import { WorkflowNotFoundError } from '@temporalio/common';
import { withinDeadline } from '../../../infra/temporal/bounded-call';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import type { Logger } from '../../../infra/logger';
import { checkoutCanceledSignal } from '../../../workflows/payments/messages';
import { paymentWorkflowId } from '../../../workflows/shared/workflow-ids';

/**
 * Tells the workflows of payments our side just canceled (their invoice voided or marked paid, committed) to end
 * their provider checkouts. Never throws: the invoice has changed whatever happens here, and a checkout not ended
 * runs to its expiry, a payment made through it meanwhile becoming customer credit.
 */
export type CanceledCheckoutNotice = (tenantId: string, paymentIds: readonly string[]) => Promise<void>;

/** For apps without Temporal: the checkouts run to their expiry. */
export const noCanceledCheckoutNotice: CanceledCheckoutNotice = () => Promise.resolve();

const SIGNAL_TIMEOUT_MS = 5_000;

/** Signals `payment:<tenantId>:<paymentId>`; a workflow that is no longer running has no checkout left to end. */
export function temporalCanceledCheckoutNotice(temporal: WorkflowClient, logger: Logger): CanceledCheckoutNotice {
  return async (tenantId, paymentIds) => {
    await Promise.all(
      paymentIds.map(async (paymentId) => {
        try {
          await withinDeadline(temporal, SIGNAL_TIMEOUT_MS, () =>
            temporal.client.workflow.getHandle(paymentWorkflowId(tenantId, paymentId)).signal(checkoutCanceledSignal),
          );
        } catch (error) {
          if (error instanceof WorkflowNotFoundError) return;
          logger.warn({ tenantId, paymentId, err: error }, 'canceled checkout not signalled: it runs to its expiry');
        }
      }),
    );
  };
}
