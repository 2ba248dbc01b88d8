import { AsyncLocalStorage } from 'node:async_hooks';
import type { WalletSql } from './wallet-records';

/** Sends the wake a committed change owes a wallet's workflow; never throws (the worker's loop is the fallback). */
export type WalletWakeSender = (sql: WalletSql, walletId: string) => Promise<void>;

const listening = new AsyncLocalStorage<WalletWakeSender>();

/**
 * Runs `work` with `send` told of every wake its changes owe, once each has committed. Per execution context (a
 * request, an activity) rather than per call, so that a wallet changed deep inside another use case (an invoice's
 * finalize or void, a purchase paid) wakes its workflow within moments without that use case knowing of workflows.
 */
export function listenForWalletWakes<T>(send: WalletWakeSender, work: () => T): T {
  return listening.run(send, work);
}

/** The sender in effect, if any: a test or a command that calls services directly has none (the loop sends). */
export function currentWalletWakeSender(): WalletWakeSender | undefined {
  return listening.getStore();
}
