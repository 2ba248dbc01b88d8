import type { Logger } from '../../../infra/logger';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import { temporalWalletWaker } from './temporal-waker';
import type { WalletSql } from './wallet-records';
import { sendWalletWake } from './wallet-wake';

/**
 * After a request committed changes that owe wallet workflows a wake-up: sends them at once. The change is already
 * stored, so a failure (Temporal down or slow) is only logged: the worker's loop sends the wake from its row. Without
 * Temporal (an app built without it) the loop does it all.
 */
export async function wakeWalletWorkflows(
  access: { sql: WalletSql; temporal: WorkflowClient | undefined; logger: Logger },
  walletIds: readonly string[],
): Promise<void> {
  if (access.temporal === undefined) return;
  const deps = { sql: access.sql, wake: temporalWalletWaker(access.temporal) };
  for (const walletId of walletIds) {
    try {
      await sendWalletWake(deps, walletId);
    } catch (error) {
      access.logger.warn({ err: error, walletId }, 'wallet workflow wake deferred to the worker loop');
    }
  }
}
