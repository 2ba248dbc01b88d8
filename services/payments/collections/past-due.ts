import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { Clock } from '../../../domain/clock';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { Orm } from '../../../infra/db/orm';
import type { Logger } from '../../../infra/logger';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { findInvoiceSubscriptionId, hasOverdueInvoices } from '../../billing/invoices';
import { findSubscription } from '../../billing/subscriptions';
import { clearPastDueSignal, markPastDueSignal } from '../../../workflows/subscriptions/messages';

/**
 * Tells a subscription's workflow whether it is past due. The workflow owns the status: a signal is a request it
 * checks (only ACTIVE becomes PAST_DUE, only PAST_DUE returns to ACTIVE; a repeat changes nothing).
 */
export type PastDueSignaller = (input: { tenantId: string; subscriptionId: string; pastDue: boolean }) => Promise<void>;

export interface PastDueDeps {
  orm: Orm;
  clock: Clock;
  signalPastDue: PastDueSignaller;
}

export interface PastDueDecision {
  /** Undefined when the subscription is in a status dunning leaves alone (trial, paused, canceled) or is gone. */
  pastDue: boolean | undefined;
}

/** Statuses whose past-due state follows the invoices (CONTRACT §12: only ACTIVE ones become PAST_DUE). */
const FOLLOWS_INVOICES: readonly SubscriptionStatus[] = ['ACTIVE', 'PAST_DUE'];

/**
 * Makes a subscription PAST_DUE while any of its invoices is OPEN or UNCOLLECTIBLE past its due date, and ACTIVE again
 * when none is (CONTRACT §12). Called after whatever changed an invoice has committed: mark-paid, void, a provider
 * payment's settlement, and the dunning workflow at each due date.
 *
 * The read and the signal run under one advisory lock per subscription, so two reconciliations are ordered and the
 * last signal sent reflects the last committed invoice state. The signal is sent even when the stored status already
 * agrees: the stored status may lag a signal another reconciliation sent a moment ago, and a repeat is a no-op.
 */
export async function reconcilePastDue(
  deps: PastDueDeps,
  input: { tenantId: string; subscriptionId: string },
): Promise<PastDueDecision> {
  const sql = tenantSql(deps.orm, input.tenantId);
  return sql.transactional(async (transaction) => {
    await sql.query(
      'select pg_advisory_xact_lock(hashtextextended(?, 0))',
      [`billing:past-due:${sql.schema}:${input.subscriptionId}`],
      transaction,
    );
    const subscription = await findSubscription(sql, { id: input.subscriptionId, transaction });
    if (subscription === null || !FOLLOWS_INVOICES.includes(subscription.status)) return { pastDue: undefined };
    const overdue = await hasOverdueInvoices(sql, {
      subscriptionId: input.subscriptionId,
      now: deps.clock.now(),
      transaction,
    });
    await deps.signalPastDue({ ...input, pastDue: overdue });
    return { pastDue: overdue };
  });
}

const SIGNAL_TIMEOUT_MS = 10_000;

/**
 * The signaller through Temporal. A workflow that has ended (its subscription was canceled) has nothing left to
 * mark: that is not an error.
 */
export function temporalPastDueSignaller(client: Client): PastDueSignaller {
  return async ({ tenantId, subscriptionId, pastDue }) => {
    const handle = client.workflow.getHandle(subscriptionWorkflowId(tenantId, subscriptionId));
    try {
      // Bounded: the caller holds the subscription's lock (and an API request) while Temporal answers.
      const timeout = AbortSignal.timeout(SIGNAL_TIMEOUT_MS);
      await client.connection.withAbortSignal(timeout, () =>
        handle.signal(pastDue ? markPastDueSignal : clearPastDueSignal),
      );
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  };
}

/**
 * After an invoice changed (mark-paid, void, a provider payment), its subscription's past-due standing follows. The
 * invoice change has committed and stands whatever happens here: a failure (Temporal unreachable) is logged, and
 * the next reconciliation of the subscription (its next invoice change or dunning step) corrects the status.
 */
export async function reconcileInvoiceSubscription(
  deps: PastDueDeps & { logger: Logger },
  input: { tenantId: string; subscriptionId: string | null },
): Promise<void> {
  if (input.subscriptionId === null) return;
  const target = { tenantId: input.tenantId, subscriptionId: input.subscriptionId };
  try {
    await reconcilePastDue(deps, target);
  } catch (error) {
    deps.logger.warn({ err: error, ...target }, 'past-due reconciliation failed; the next invoice change retries it');
  }
}

/**
 * `reconcileInvoiceSubscription` for a change known by its invoice only (a credit note that settles or reopens it):
 * the invoice's subscription, if any, is looked up first.
 */
export async function reconcileInvoiceOwner(
  deps: PastDueDeps & { logger: Logger },
  input: { tenantId: string; invoiceId: string },
): Promise<void> {
  const subscriptionId = await findInvoiceSubscriptionId(tenantSql(deps.orm, input.tenantId), input.invoiceId);
  await reconcileInvoiceSubscription(deps, { tenantId: input.tenantId, subscriptionId: subscriptionId ?? null });
}
