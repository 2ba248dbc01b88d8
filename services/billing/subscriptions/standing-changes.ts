import { AsyncLocalStorage } from 'node:async_hooks';
import { afterCommit } from '../../../infra/db/commit-tasks';
import type { SqlTransaction } from '../../../infra/db/sql';

/**
 * A subscription's standing (past due or not, CONTRACT §12) may have moved at `now`: one of its invoices became or
 * stopped being overdue, or it was resumed. Billing changes invoices; the reconciliation that follows them belongs to
 * payments (collections), a later area billing never imports. So billing announces the change through this port, and
 * the process's wiring runs each request and each activity under the listener payments provides.
 */
export interface StandingChange {
  tenantId: string;
  subscriptionId: string;
  now: Date;
}

export type StandingListener = (change: StandingChange) => Promise<void>;

const listening = new AsyncLocalStorage<StandingListener>();

/**
 * Runs `work` with `listener` told of the standing changes it commits. Per execution context (a request, an activity)
 * rather than per call, so that no use case between a caller and the invoice writer has to carry the listener.
 */
export function listenForStandingChanges<T>(listener: StandingListener, work: () => T): T {
  return listening.run(listener, work);
}

/**
 * Notes that the subscription's standing may have moved in `transaction`. The listener is told once per subscription
 * (the latest `now`) after the outermost transaction commits, and never when it rolls back. Nothing is told where no
 * listener runs (a test or a command that calls services directly); a subscription-less invoice has no standing.
 */
export async function noteStandingChange(
  sql: { tenantId: string },
  transaction: SqlTransaction,
  change: { subscriptionId: string | null; now: Date },
): Promise<void> {
  const listener = listening.getStore();
  if (listener === undefined || change.subscriptionId === null) return;
  const told: StandingChange = { tenantId: sql.tenantId, subscriptionId: change.subscriptionId, now: change.now };
  await afterCommit(transaction, () => listener(told), { key: `standing:${told.tenantId}:${told.subscriptionId}` });
}
