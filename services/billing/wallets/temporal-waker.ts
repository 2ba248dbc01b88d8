import { WorkflowNotFoundError } from '@temporalio/common';
import { withinDeadline } from '../../../infra/temporal/bounded-call';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import {
  WALLET_WORKFLOW_TYPE,
  walletChangedSignal,
  walletTerminatedSignal,
  type WalletWorkflowInput,
} from '../../../workflows/wallets/messages';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../../workflows/shared/search-attribute-keys';
import { walletWorkflowId } from '../../../workflows/shared/workflow-ids';
import type { WalletWake, WalletWorkflowWaker } from './wallet-wake';

/** A request waits this long for Temporal before leaving the wake to the worker's loop. */
export const WAKE_TIMEOUT_MS = 5_000;

/**
 * The Temporal waker. An ACTIVE wallet's workflow is signalled with signalWithStart: a running one is woken, a
 * missing one (never started, or ended by an operator) is started with the signal queued, and it reads the wallet
 * first thing. A TERMINATED wallet's workflow is only signalled: when none runs (its expiry ended it, or it never
 * started) there is nothing to end, and starting one would only read the wallet and stop.
 */
export function temporalWalletWaker(
  temporal: WorkflowClient,
  options: { timeoutMs?: number; historyEventLimit?: number } = {},
): WalletWorkflowWaker {
  return async (wake) => {
    await withinDeadline(temporal, options.timeoutMs ?? WAKE_TIMEOUT_MS, () => signal(temporal, wake, options));
  };
}

async function signal(
  temporal: WorkflowClient,
  wake: WalletWake,
  options: { historyEventLimit?: number },
): Promise<void> {
  const workflowId = walletWorkflowId(wake.tenantId, wake.walletId);
  if (wake.status === 'TERMINATED') {
    try {
      await temporal.client.workflow.getHandle(workflowId).signal(walletTerminatedSignal);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
    return;
  }
  const input: WalletWorkflowInput = { tenantId: wake.tenantId, walletId: wake.walletId };
  if (options.historyEventLimit !== undefined) input.historyEventLimit = options.historyEventLimit;
  await temporal.client.workflow.signalWithStart(WALLET_WORKFLOW_TYPE, {
    taskQueue: temporal.taskQueue,
    workflowId,
    args: [input],
    signal: walletChangedSignal,
    typedSearchAttributes: [
      { key: TENANT_ID_SEARCH_ATTRIBUTE, value: wake.tenantId },
      { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: wake.customerId },
    ],
    staticSummary: `Wallet ${wake.walletId} of customer ${wake.customerId}`,
  });
}
