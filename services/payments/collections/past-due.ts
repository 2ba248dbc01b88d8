import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { fixedClock, type Clock } from '../../../domain/clock';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { Orm } from '../../../infra/db/orm';
import type { Logger } from '../../../infra/logger';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { clearPastDueSignal, markPastDueSignal, type PastDueMessage } from '../../../workflows/subscriptions/messages';
import { hasOverdueInvoices } from '../../billing/invoices';
import {
  findPastDueSignalled,
  findSubscription,
  recordPastDueSignalled,
  type StandingListener,
} from '../../billing/subscriptions';

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
 * Makes a subscription PAST_DUE while any of its invoices is overdue (OPEN or UNCOLLECTIBLE past its due date,
 * `isOverdue`), and ACTIVE again when none is (CONTRACT §12). Runs after a change of the subscription's standing has
 * committed (`pastDueStandingListener`) and at each step of an invoice's dunning (`reconcileStandingAtDueDate`).
 *
 * The read and the signal run under one advisory lock per subscription, so two reconciliations are ordered and the
 * last signal sent reflects the last committed invoice state. The standing each signal carried is recorded with it:
 * nothing is sent when the standing is the one last signalled and the stored status already agrees (the workflow has
 * applied it, and the last signal in its queue asks for the same). The stored status alone would not do: it may lag
 * a signal another reconciliation sent a moment ago (a clear in flight, which a skipped mark would then let win).
 * A signal that fails records nothing, so the next reconciliation sends again.
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
    const subscription = await findSubscription(sql, input.subscriptionId, { transaction });
    if (subscription === undefined || !FOLLOWS_INVOICES.includes(subscription.status)) return { pastDue: undefined };
    const overdue = await hasOverdueInvoices(sql, {
      subscriptionId: input.subscriptionId,
      now: deps.clock.now(),
      transaction,
    });
    const signalled = await findPastDueSignalled(sql, input.subscriptionId, transaction);
    if (signalled === overdue && subscription.status === (overdue ? 'PAST_DUE' : 'ACTIVE')) return { pastDue: overdue };
    await deps.signalPastDue({ ...input, pastDue: overdue });
    await recordPastDueSignalled(sql, { subscriptionId: input.subscriptionId, pastDue: overdue }, transaction);
    return { pastDue: overdue };
  });
}

const SIGNAL_TIMEOUT_MS = 10_000;

/**
 * A signal sent for a participant of a test clock's advance: it carries `message` (applied at the sender's time and
 * acknowledged to it), and `onDelivered` learns whether a running workflow received it (then the sender waits for
 * the acknowledgement).
 */
export interface ClockPastDueMessage {
  message: PastDueMessage;
  onDelivered: (delivered: boolean) => void;
}

/**
 * The signaller through Temporal. A workflow that has ended (its subscription was canceled) has nothing left to
 * mark: that is not an error.
 */
export function temporalPastDueSignaller(client: Client, clock?: ClockPastDueMessage): PastDueSignaller {
  return async ({ tenantId, subscriptionId, pastDue }) => {
    const handle = client.workflow.getHandle(subscriptionWorkflowId(tenantId, subscriptionId));
    const signal = pastDue ? markPastDueSignal : clearPastDueSignal;
    try {
      // Bounded: the caller holds the subscription's lock (and an API request) while Temporal answers.
      const timeout = AbortSignal.timeout(SIGNAL_TIMEOUT_MS);
      await client.connection.withAbortSignal(timeout, () =>
        clock === undefined ? handle.signal(signal) : handle.signal(signal, clock.message),
      );
      clock?.onDelivered(true);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
      clock?.onDelivered(false);
    }
  };
}

/**
 * Payments' listener on billing's standing port (`StandingListener`): the subscription's past-due standing follows
 * whatever changed it (mark-paid, void, a credit note, a provider payment, credit allocation, a resume), at the
 * instant of that change. It is told after the change has committed, which stands whatever happens here: a failure
 * (Temporal unreachable) is logged, and the next reconciliation of the subscription (another change of its standing,
 * or its dunning's next step) corrects the status.
 */
export function pastDueStandingListener(deps: Omit<PastDueDeps, 'clock'> & { logger: Logger }): StandingListener {
  return async ({ tenantId, subscriptionId, now }) => {
    try {
      await reconcilePastDue({ ...deps, clock: fixedClock(now) }, { tenantId, subscriptionId });
    } catch (error) {
      deps.logger.warn(
        { err: error, tenantId, subscriptionId },
        'past-due reconciliation failed; the next change of its standing retries it',
      );
    }
  };
}
