import type { Logger } from '../../../infra/logger';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import {
  WALLET_WORKFLOW_TYPE,
  walletUsageRecordedSignal,
  type WalletWorkflowInput,
} from '../../../workflows/wallets/messages';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../../workflows/shared/search-attribute-keys';
import { walletWorkflowId } from '../../../workflows/shared/workflow-ids';

/** An ACTIVE wallet whose customer's usage was just recorded. */
export interface UsageWallet {
  tenantId: string;
  walletId: string;
  customerId: string;
}

/** Tells one wallet's workflow that usage was recorded; resolves once Temporal took the signal. */
export type UsageSignal = (wallet: UsageWallet) => Promise<void>;

/**
 * signalWithStart: a running workflow is told, a missing one (never started, ended by an operator) is started with
 * the signal queued. The signal carries nothing: the workflow checks the balance from the database.
 */
export function temporalUsageSignal(temporal: WorkflowClient): UsageSignal {
  return async (wallet) => {
    const input: WalletWorkflowInput = { tenantId: wallet.tenantId, walletId: wallet.walletId };
    await temporal.client.workflow.signalWithStart(WALLET_WORKFLOW_TYPE, {
      taskQueue: temporal.taskQueue,
      workflowId: walletWorkflowId(wallet.tenantId, wallet.walletId),
      args: [input],
      signal: walletUsageRecordedSignal,
      typedSearchAttributes: [
        { key: TENANT_ID_SEARCH_ATTRIBUTE, value: wallet.tenantId },
        { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: wallet.customerId },
      ],
      staticSummary: `Wallet ${wallet.walletId} of customer ${wallet.customerId}`,
    });
  };
}

export interface WalletUsageSignaller {
  /** Signals each wallet's workflow in the background; returns at once. */
  note: (wallets: readonly UsageWallet[]) => void;
  /** Resolves once every signal noted so far has been sent (or failed). */
  idle: () => Promise<void>;
}

interface Flight {
  again: boolean;
  done: Promise<void>;
}

/**
 * One per process: sends the "usage recorded" signals off the request path, at most one in flight per wallet. A wallet
 * noted again while its signal is in flight gets one more signal after it, whatever the number of requests meanwhile:
 * the workflow debounces anyway, so what matters is that a signal follows every commit, not one per request. A
 * signal that fails is logged and dropped; the wallet's next usage, transaction or invoice checks it again.
 */
export function createWalletUsageSignaller(deps: { signal: UsageSignal; logger: Logger }): WalletUsageSignaller {
  const flights = new Map<string, Flight>();
  const fly = async (key: string, wallet: UsageWallet, flight: { again: boolean }): Promise<void> => {
    try {
      // `note` may set `again` while the signal is in flight.
      const notedMeanwhile = () => flight.again;
      do {
        flight.again = false;
        await deps.signal(wallet).catch((error: unknown) => {
          deps.logger.warn({ err: error, ...wallet }, 'wallet usage signal not sent');
        });
      } while (notedMeanwhile());
    } finally {
      flights.delete(key);
    }
  };
  return {
    note: (wallets) => {
      for (const wallet of wallets) {
        const key = `${wallet.tenantId}:${wallet.walletId}`;
        const current = flights.get(key);
        if (current !== undefined) {
          current.again = true;
          continue;
        }
        const flight: Flight = { again: false, done: Promise.resolve() };
        flights.set(key, flight);
        flight.done = fly(key, wallet, flight);
      }
    },
    idle: async () => {
      while (flights.size > 0) await Promise.all([...flights.values()].map((flight) => flight.done));
    },
  };
}
