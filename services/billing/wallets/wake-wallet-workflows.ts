import type { Logger } from '../../../infra/logger';
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
