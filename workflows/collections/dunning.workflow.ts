import { ActivityFailure, log, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { dunningInstant, dunningStepOn, isReminderCurrent, nextDunningDay } from '../../domain/invoices';
import { mailActivityOptions } from '../activity-options';
import {
  businessNowIso,
  businessNowMs,
  currentTestClock,
  expectAcknowledgement,
  listenToTestClock,
  NOT_TOLD_YET,
  onTestClock,
  reportClockReached,
  useTestClock,
  waitUntil,
} from '../shared/business-time';
import { clockAwareActivities } from '../shared/clock-activities';
import { clockPatched, takeEveryClockPath } from '../shared/clock-patches';
import type { DunningInvoiceState, DunningOutcome, DunningWorkflowInput } from './messages';

/**
 * Scheduled, or local once the ladder runs on a test clock. The first read, which tells it the clock, is local too
 * when its starter knew the clock (`onTestClock`), scheduled otherwise.
 */
const activities = clockAwareActivities();
const activitiesOnAClock = clockAwareActivities(() => true);
const mail = proxyActivities<Activities>(mailActivityOptions);

/**
 * On a test clock, every step due within one advance happens at the same clock time, so one read serves them all:
 * the first read for the due date when the clock is already past it, and the due date's read for the write-off when
 * no later time was signalled meanwhile (each read cost an activity and a workflow task per invoice of an advance).
 * What the ladder itself changed (the write-off) is kept in step. Ordinary ladders never ask, and read at every step.
 */
const CLOCK_ONE_READ_PATCH = 'test-clock-dunning-one-read-per-clock-time';

/**
 * On a test clock the clock advances in stops (see the test clock workflow): a ladder started while the clock is
 * ADVANCING does not know the stop the clock is at (its row holds the advance's end), so it waits to be told; and the
 * subscription it marks past due applies that at the ladder's time and acknowledges it before the ladder reports.
 * Ladders recorded before replay on their old path.
 */
const CLOCK_ORDER_PATCH = 'test-clock-ordered-messages';

/** Still asking the customer for money: reminders go out, and a subscription stays past due. */
const COLLECTING: readonly DunningInvoiceState['status'][] = ['OPEN', 'UNCOLLECTIBLE'];

/**
 * Durable timer to an absolute instant (workflow time); an instant already past returns at once. On a test clock:
 * until the clock reaches it.
 */
async function sleepUntil(instantMs: number, summary: string): Promise<void> {
  if (onTestClock()) return waitUntil(instantMs, () => false);
  const wait = instantMs - Date.now();
  if (wait > 0) await sleep(wait, { summary });
}

/**
 * One unpaid invoice's collection (CONTRACT §12), id `dunning:<tenantId>:<invoiceId>`. At the due date a
 * subscription's invoice makes it PAST_DUE (through the past-due reconciliation, which only moves ACTIVE ones); on each
 * reminder day a reminder e-mail with a checkout link; on `uncollectibleAfterDays` the invoice becomes UNCOLLECTIBLE
 * and, when the tenant asks for it, its subscription is canceled. The invoice and the settings are read again when
 * each timer fires; the run ends as soon as the invoice is PAID or VOIDED (the subscription's standing reconciled
 * once more, as a backstop to the paths that settled it), or after the last step.
 */
export async function dunningWorkflow(input: DunningWorkflowInput): Promise<DunningOutcome> {
  listenToTestClock();
  const startedOnAClock = input.onTestClock === true;
  if (startedOnAClock) takeEveryClockPath();
  const first = await (startedOnAClock ? activitiesOnAClock : activities).readDunningInvoice(input);
  const clock = first?.testClock;
  let readAtClockTime = clock != null;
  if (clock != null) {
    // The ladder starts at the due date, which may lie behind the clock (it passed during an advance).
    const start = first?.dueDate != null && first.dueDate < clock.frozenTime ? first.dueDate : clock.frozenTime;
    const untold = clock.advancing === true && clockPatched(CLOCK_ORDER_PATCH);
    readAtClockTime = !untold;
    const frozenTime = untold ? NOT_TOLD_YET : clock.frozenTime;
    useTestClock({ clockId: clock.clockId, frozenTime, localTime: start, reportedFor: null }, input.tenantId);
  }
  const outcome = await runLadder(input, first, readAtClockTime);
  // On a test clock, the clock's advance waits for this workflow's report: it ends having reached the clock's time.
  await reportClockReached();
  return outcome;
}

async function runLadder(
  input: DunningWorkflowInput,
  first: DunningInvoiceState | null,
  readAtClockTime: boolean,
): Promise<DunningOutcome> {
  if (first?.dueDate == null || !COLLECTING.includes(first.status)) return 'not_collectible';
  const dueDate = first.dueDate;
  const reads = clockReads(first, readAtClockTime);
  let day = 0;
  for (;;) {
    const at = dunningInstant(dueDate, day);
    const step = day === 0 ? 'due date' : `dunning day ${day}`;
    await sleepUntil(at, `${step} ${new Date(at).toISOString()} of invoice ${input.invoiceId}`);
    const state = reads.current() ?? reads.keep(await activities.readDunningInvoice(input));
    if (state === null || !COLLECTING.includes(state.status)) {
      if (state?.subscriptionId != null) await reconcile(input, state.subscriptionId);
      return 'settled';
    }
    const written = await runStep(input, { state, day, dueDate });
    if (written !== undefined) reads.wroteOff(written);
    const next = nextDunningDay(state, day);
    if (next === undefined) return 'ladder_complete';
    day = next;
  }
}

/**
 * The ladder's last read on a test clock and the clock time it was made at; `current()` answers it while the clock
 * has not moved since. Ordinary ladders keep nothing.
 */
function clockReads(first: DunningInvoiceState, readAtClockTime: boolean) {
  let last: { state: DunningInvoiceState; atMs: number } | undefined;
  const clockMs = (): number | undefined => {
    const frozenTime = currentTestClock()?.frozenTime;
    return frozenTime === undefined ? undefined : Date.parse(frozenTime);
  };
  const remember = (state: DunningInvoiceState | null, atMs: number | undefined): DunningInvoiceState | null => {
    last = state === null || atMs === undefined ? undefined : { state, atMs };
    return state;
  };
  // The first read tells the clock time it was made at (the workflow learnt its clock from it), unless the clock was
  // between stops of an advance.
  const firstAt = readAtClockTime ? first.testClock?.frozenTime : undefined;
  remember(first, onTestClock() && firstAt !== undefined ? Date.parse(firstAt) : undefined);
  return {
    current: (): DunningInvoiceState | undefined =>
      last !== undefined && last.atMs === clockMs() && clockPatched(CLOCK_ONE_READ_PATCH) ? last.state : undefined,
    keep: (state: DunningInvoiceState | null): DunningInvoiceState | null => remember(state, clockMs()),
    wroteOff: (status: DunningInvoiceState['status'] | null): void => {
      last = last === undefined || status === null ? undefined : { ...last, state: { ...last.state, status } };
    },
  };
}

/** What day `day` of the ladder holds, under the settings just read. */
async function runStep(
  input: DunningWorkflowInput,
  step: { state: DunningInvoiceState; day: number; dueDate: string },
): Promise<DunningInvoiceState['status'] | null | undefined> {
  const { state, day } = step;
  if (day === 0) {
    if (state.subscriptionId !== null) await reconcile(input, state.subscriptionId);
    return undefined;
  }
  const { remind: reminderDay, writeOff } = dunningStepOn(state, day);
  // What the write-off left (null: no invoice); undefined when the step wrote nothing.
  let written: DunningInvoiceState['status'] | null | undefined;
  if (writeOff && state.status === 'OPEN') {
    // An ordinary ladder sends no instant (the activity takes the wall clock's), as before test clocks.
    written = await activities.markInvoiceUncollectible(onTestClock() ? { ...input, now: businessNowIso() } : input);
    if (written === 'UNCOLLECTIBLE' && state.cancelSubscription && state.subscriptionId !== null) {
      const cancel = { tenantId: input.tenantId, subscriptionId: state.subscriptionId };
      // On a clock the cancellation happens at the write-off's time, whatever instant the subscription last ran at.
      await activities.cancelSubscriptionForDunning(onTestClock() ? { ...cancel, at: businessNowIso() } : cancel);
    }
  }
  if (reminderDay && isReminderCurrent({ ladder: state, dueDate: step.dueDate, day, nowMs: businessNowMs() })) {
    await remind(input);
  }
  return written;
}

async function reconcile(input: DunningWorkflowInput, subscriptionId: string): Promise<void> {
  const now = businessNowIso();
  if (onTestClock() && clockPatched(CLOCK_ORDER_PATCH)) {
    // Applied at this step's time and acknowledged before the ladder next reports: done when the clock is READY.
    messagesSent += 1;
    const message = { at: now, ackTo: workflowInfo().workflowId, messageId: `past-due:${messagesSent}` };
    const target = { tenantId: input.tenantId, subscriptionId };
    const { delivered } = await activities.reconcileSubscriptionPastDueOnClock({ ...target, message });
    if (delivered) expectAcknowledgement(message.messageId);
    return;
  }
  await activities.reconcileSubscriptionPastDue({ tenantId: input.tenantId, subscriptionId, now });
}

/** Past-due messages this run sent a subscription (module state is per workflow execution). */
let messagesSent = 0;

/**
 * A reminder that could not be sent after its retries is skipped, as is one past the tenant's day of mail through the
 * platform's server (a business outcome, not retried): the ladder goes on.
 */
async function remind(input: DunningWorkflowInput): Promise<void> {
  try {
    const outcome = await mail.sendDunningReminder(input);
    if (outcome === 'skipped') log.warn('dunning reminder skipped: platform mail limit reached', { ...input });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    log.warn('dunning reminder not sent', { invoiceId: input.invoiceId, error: error.message });
  }
}
