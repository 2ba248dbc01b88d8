import type { Middleware } from 'koa';
import { listenForStandingChanges } from '../../services/billing/subscriptions';
import { pastDueStandingListener, temporalPastDueSignaller } from '../../services/payments/collections';
import type { AppDeps } from '../app-deps';

/**
 * Every request runs under payments' standing listener, so a change of a subscription's standing that a route's
 * service commits (mark-paid, void, a credit note, a finalize) is reconciled before the answer goes out, and no route
 * calls the reconciliation itself. Signals go through the app's Temporal client; an app without Temporal (some tests)
 * sends none, and the listener logs why.
 */
export function standingListening(deps: Pick<AppDeps, 'orm' | 'logger' | 'temporal'>): Middleware {
  const temporal = deps.temporal;
  const listener = pastDueStandingListener({
    orm: deps.orm,
    logger: deps.logger,
    signalPastDue:
      temporal === undefined
        ? () => Promise.reject(new Error('this app runs without Temporal'))
        : temporalPastDueSignaller(temporal.client),
  });
  return (_ctx, next) => listenForStandingChanges(listener, next);
}
