import type { Middleware } from 'koa';
import { listenForWalletWakes, temporalWalletWaker, walletWakeSender } from '../../services/billing/wallets';
import type { AppDeps } from '../app-deps';

/**
 * Every request runs under a wallet wake sender, so a wallet whose balance or settings a route's service changes (a
 * transaction, an invoice's finalize or void, a PATCH) has its workflow woken right after the commit, and no route
 * sends the wake itself. An app without Temporal (some tests) sends none: the worker's loop does.
 */
export function walletWakeListening(deps: Pick<AppDeps, 'logger' | 'temporal'>): Middleware {
  const temporal = deps.temporal;
  if (temporal === undefined) return (_ctx, next) => next();
  const send = walletWakeSender(temporalWalletWaker(temporal), deps.logger);
  return (_ctx, next) => listenForWalletWakes(send, next);
}
