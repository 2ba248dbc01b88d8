import { Context } from '@temporalio/activity';
import type { Logger } from '../infra/logger';
import {
  listenForWalletWakes,
  temporalWalletWaker,
  walletWakeSender,
  type WalletWakeSender,
} from '../services/billing/wallets';

type Activity = (...args: never[]) => unknown;

/**
 * Every activity runs under a wallet wake sender, so a wallet whose balance an activity moves (an invoice's finalize or
 * void, a purchase paid or failed) has its workflow woken right after the commit, through the Temporal client of the
 * activity that made the change, whichever service made it. A wake that cannot be sent is left to the worker's loop.
 */
export function listeningToWalletWakes<Activities extends Record<string, Activity>>(
  activities: Activities,
  deps: { logger: Logger },
): Activities {
  const send: WalletWakeSender = async (sql, walletId) => {
    const context = runningActivity();
    // Called outside a running activity (a test calling it as a function): the wake stays owed to the worker's loop.
    if (context === undefined) return;
    const waker = temporalWalletWaker({ client: context.client, taskQueue: context.info.taskQueue });
    await walletWakeSender(waker, deps.logger)(sql, walletId);
  };
  const entries = Object.entries(activities).map(([name, activity]) => [name, underSender(send, activity)]);
  return Object.fromEntries(entries) as Activities;
}

function underSender<A extends Activity>(send: WalletWakeSender, activity: A): A {
  const run = (...args: Parameters<A>) => listenForWalletWakes(send, () => activity(...args));
  return run as A;
}

function runningActivity(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}
