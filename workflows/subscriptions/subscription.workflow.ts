import {
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions } from '../activity-options';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../shared/search-attribute-keys';
import {
  cancelSubscriptionUpdate,
  undoCancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  clearPastDueSignal,
  markPastDueSignal,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
  retryBillingSignal,
  subscriptionStatusQuery,
  type CancelRequest,
  type ChangePlanRequest,
  type PastDueMessage,
  type SubscriptionStatus,
  type SubscriptionWorkflowInput,
  type TransitionResult,
} from './messages';
import {
  failQueued,
  nowIso,
  refusalOf,
  runQueued,
  toFailure,
  type Command,
  type QueuedCommand,
} from './subscription-commands';
import {
  describeState,
  hasInvoicesPending,
  nextWakeAt,
  describeNextWake,
  stateFromSnapshot,
  type SubscriptionWorkflowState,
} from './subscription-state';
import { asOneAction } from './lifecycle-action';
import {
  businessNowMs,
  listenToTestClock,
  NOT_TOLD_YET,
  onTestClock,
  reportClockReached,
  useTestClock,
  waitUntil,
} from '../shared/business-time';
import { endPeriod, finalizeDueInvoices, openPeriod } from './subscription-steps';

const { loadSubscription } = proxyActivities<Activities>(internalActivityOptions);

/** Well under Temporal's cap of 51,200 events, so hundreds of changes in one period never reach it. */
const HISTORY_EVENT_LIMIT = 10_000;
/** Runs recorded before this patch continued as new only at renewal; they replay on that path. */
const HISTORY_BOUND_PATCH = 'continue-as-new-on-long-history';
/**
 * On a test clock a run renews several times before it continues as new: an advance by a year is a dozen renewals
 * in a row, and a new run per renewal (a fresh workflow on the worker, its start and search attributes) cost more
 * than the renewal itself. Runs recorded before the patch continued as new at each renewal and replay on that path.
 */
const CLOCK_RENEWALS_PATCH = 'test-clock-renewals-in-one-run';
/**
 * A subscription that loads its clock while the clock is advancing has been told no time yet: the clock's row holds
 * only the advance's end, and taking that as its time let it run (and report) past the stops of the work its own
 * first invoice starts (that invoice's ladder made it PAST_DUE at the advance's end, not at the due date). It waits,
 * like a ladder started then, for the clock to tell it a stop. Runs recorded before the patch took the row's time.
 */
const CLOCK_UNTOLD_START_PATCH = 'test-clock-untold-subscription-start';

/** A clock run's renewals before it continues as new (about a dozen events each), so a run stays quick to replay. */
const CLOCK_RENEWALS_PER_RUN = 24;

/** How the workflow ended: canceled, or the subscription row never existed (nothing was billed). */
export interface SubscriptionWorkflowResult {
  outcome: 'canceled' | 'not_found';
}

/**
 * Keeps Temporal UI readable: status as a search attribute, the plan in the memo, customer, plan and period as
 * current details.
 */
function createPublisher(state: SubscriptionWorkflowState, fresh: boolean) {
  let published: SubscriptionStatus | undefined = fresh ? undefined : state.status;
  let publishedPlanId = workflowInfo().memo?.planId;
  if (fresh) {
    upsertSearchAttributes([
      { key: TENANT_ID_SEARCH_ATTRIBUTE, value: state.tenantId },
      { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: state.customerId },
    ]);
  }
  return (): void => {
    if (published !== state.status) {
      upsertSearchAttributes([{ key: SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE, value: state.status }]);
      published = state.status;
    }
    if (publishedPlanId !== state.plan.planId) {
      upsertMemo({ customerId: state.customerId, planId: state.plan.planId });
      publishedPlanId = state.plan.planId;
    }
    setCurrentDetails(describeState(state));
  };
}

/**
 * One subscription's lifecycle, its single writer (`subscription:<tenantId>:<subscriptionId>`). Updates are
 * validated against the state (a refusal leaves no history) and queued; the main loop runs them one at a time
 * between period boundaries, so a renewal and a cancel never interleave. Each period ends in continue-as-new (on a
 * test clock, every few periods), and so does a run whose history grows past its bound within a period (many
 * changes), carrying the state.
 */
export async function subscriptionWorkflow(
  input: SubscriptionWorkflowInput,
  carried?: SubscriptionWorkflowState,
): Promise<SubscriptionWorkflowResult> {
  let state: SubscriptionWorkflowState | undefined = carried;
  const queue: QueuedCommand[] = [];

  const validate = (command: Command): void => {
    // Before the row is loaded there is nothing to check against; the main loop checks again when it runs it.
    const refusal = state === undefined ? undefined : refusalOf(state, command);
    if (refusal !== undefined) throw toFailure(refusal);
  };
  const enqueue = async (command: Command): Promise<TransitionResult> => {
    const entry: QueuedCommand = { command, done: false };
    queue.push(entry);
    await condition(() => entry.done);
    if (entry.failure !== undefined) throw entry.failure;
    return { status: state?.status ?? 'CANCELED' };
  };
  setHandler(cancelSubscriptionUpdate, (request) => enqueue({ kind: 'cancel', request }), {
    validator: (request: CancelRequest) => {
      validate({ kind: 'cancel', request });
    },
  });
  // Added after release: a new handler changes nothing in histories that never received it, so no patch is needed.
  setHandler(undoCancelSubscriptionUpdate, () => enqueue({ kind: 'undoCancel' }), {
    validator: () => {
      validate({ kind: 'undoCancel' });
    },
  });
  setHandler(pauseSubscriptionUpdate, () => enqueue({ kind: 'pause' }), {
    validator: () => {
      validate({ kind: 'pause' });
    },
  });
  setHandler(resumeSubscriptionUpdate, () => enqueue({ kind: 'resume' }), {
    validator: () => {
      validate({ kind: 'resume' });
    },
  });
  setHandler(changeSubscriptionPlanUpdate, (request) => enqueue({ kind: 'changePlan', request }), {
    validator: (request: ChangePlanRequest) => {
      validate({ kind: 'changePlan', request });
    },
  });
  // Nobody waits for a signal's command: a refusal is only logged (the sender's state was stale).
  const enqueueSignalled = (command: Command, message?: PastDueMessage): void => {
    queue.push({
      command,
      done: false,
      onRefused: (reason) => {
        log.warn('signal refused', { command, reason });
      },
      // Only senders on a test clock (behind their own patch) send one: ordinary histories never take this path.
      ...(message === undefined ? {} : { clockMessage: message }),
    });
  };
  setHandler(markPastDueSignal, (message) => {
    enqueueSignalled({ kind: 'markPastDue' }, message);
  });
  setHandler(clearPastDueSignal, (message) => {
    enqueueSignalled({ kind: 'clearPastDue' }, message);
  });
  setHandler(retryBillingSignal, () => {
    enqueueSignalled({ kind: 'retryBilling' });
  });
  setHandler(subscriptionStatusQuery, () => ({ status: state?.status ?? 'CANCELED' }));
  listenToTestClock();

  if (state === undefined) {
    const snapshot = await loadSubscription(input);
    if (snapshot === null) {
      failQueued(queue, 'The subscription does not exist');
      await condition(allHandlersFinished);
      return { outcome: 'not_found' };
    }
    state = stateFromSnapshot(input, snapshot);
    if (state.testClock !== undefined && snapshot.testClock?.advancing === true && patched(CLOCK_UNTOLD_START_PATCH)) {
      state.testClock.frozenTime = NOT_TOLD_YET;
    }
  }
  if (state.testClock !== undefined) useTestClock(state.testClock, input.tenantId);
  return runLifecycle(input, state, queue, carried === undefined);
}

async function runLifecycle(
  input: SubscriptionWorkflowInput,
  state: SubscriptionWorkflowState,
  queue: QueuedCommand[],
  fresh: boolean,
): Promise<SubscriptionWorkflowResult> {
  const publish = createPublisher(state, fresh);
  publish();
  if (state.status !== 'CANCELED') await openPeriod(state, nowIso());
  let renewed = false;
  let clockRenewals = 0;
  let historyFull = false;
  for (;;) {
    const entry = queue.shift();
    if (entry !== undefined) {
      await runQueued(state, entry);
      publish();
      continue;
    }
    const ending = state.status === 'CANCELED' && !hasInvoicesPending(state);
    // Between commands no activity is in flight: a safe point to hand the state to a new run.
    if (!renewed && !ending && !historyFull) historyFull = historyIsLong(input);
    if (renewed || ending || historyFull) {
      if (allHandlersFinished()) break;
      await condition(() => queue.length > 0 || allHandlersFinished());
      continue;
    }
    await waitUntil(nextWakeAt(state), () => queue.length > 0, describeNextWake(state));
    if (queue.length > 0) continue;
    const periodOpened = await runDueWork(state);
    publish();
    if (periodOpened && rollsOnOnClock(clockRenewals)) clockRenewals += 1;
    else renewed = periodOpened;
  }
  // A canceled run with invoices pending goes on only if it stopped for its history (the next run sees to them).
  if (state.status === 'CANCELED' && (!hasInvoicesPending(state) || !historyFull)) {
    // On a test clock, the clock's advance waits for this workflow's report: it ends having reached the clock's time.
    await reportClockReached();
    return { outcome: 'canceled' };
  }
  return continueAsNew<typeof subscriptionWorkflow>(input, state);
}

/**
 * The run's history is past the bound (or the server suggests continue-as-new). `patched` only once it is: a run
 * of the older code replays without a marker there and keeps its recorded path.
 */
function historyIsLong(input: SubscriptionWorkflowInput): boolean {
  const info = workflowInfo();
  const long = info.continueAsNewSuggested || info.historyLength >= (input.historyEventLimit ?? HISTORY_EVENT_LIMIT);
  return long && patched(HISTORY_BOUND_PATCH);
}

/**
 * A renewal on a test clock keeps the run going (it continues as new after a number of renewals, or on the history
 * bound like any run). Ordinary runs never ask, so their histories carry no marker.
 */
function rollsOnOnClock(renewalsInRun: number): boolean {
  return onTestClock() && renewalsInRun < CLOCK_RENEWALS_PER_RUN - 1 && patched(CLOCK_RENEWALS_PATCH);
}

/** What is due at this instant: held invoices to finalize, then the period end. True when a new period opened. */
async function runDueWork(state: SubscriptionWorkflowState): Promise<boolean> {
  const now = nowIso();
  await finalizeDueInvoices(state, now);
  const periodOver = state.status !== 'PAUSED' && state.status !== 'CANCELED';
  if (!periodOver || Date.parse(state.periodEnd) > businessNowMs()) return false;
  await asOneAction(state, endPeriod);
  return state.status !== 'CANCELED';
}
