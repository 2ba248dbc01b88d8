import type { Logger } from '../../../infra/logger';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import { temporalWalletWaker } from './temporal-waker';
import type { WalletSql } from './wallet-records';
import { sendWalletWake, type WalletWorkflowWaker } from './wallet-wake';
import type { WalletWakeSender } from './wallet-wake-listening';

/**
 * A sender through `wake`, for `listenForWalletWakes`. The change is committed and its wake recorded, so a failure
 * (Temporal down or slow) is only logged: the worker's loop sends it from its row within seconds.
 */
export function walletWakeSender(wake: WalletWorkflowWaker, logger: Logger): WalletWakeSender {
  return async (sql, walletId) => {
    try {
      await sendWalletWake({ sql, wake }, walletId);
    } catch (error) {
      logger.warn({ err: error, walletId }, 'wallet workflow wake deferred to the worker loop');
    }
  };
}

/**
 * After a request committed changes that owe wallet workflows a wake-up: sends them at once (those the request's wake
 * sender has not sent already). The change is already stored, so a failure (Temporal down or slow) is only logged:
 * the worker's loop sends the wake from its row. Without Temporal (an app built without it) the loop does it all.
 */
export async function wakeWalletWorkflows(
  access: { sql: WalletSql; temporal: WorkflowClient | undefined; logger: Logger },
  walletIds: readonly string[],
): Promise<void> {
  if (access.temporal === undefined) return;
  const send = walletWakeSender(temporalWalletWaker(access.temporal), access.logger);
  for (const walletId of walletIds) await send(access.sql, walletId);
}
