import { ActivityFailure, log, patched, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { dunningInstant, dunningStepOn, isReminderCurrent, nextDunningDay } from '../../domain/invoices';
import { internalActivityOptions, mailActivityOptions } from '../activity-options';
import {
  businessNowIso,
  businessNowMs,
  listenToTestClock,
  onTestClock,
  reportClockReached,
  useTestClock,
  waitUntil,
} from '../shared/business-time';
import type { DunningInvoiceState, DunningOutcome, DunningWorkflowInput } from './messages';

const activities = proxyActivities<Activities>(internalActivityOptions);
const mail = proxyActivities<Activities>(mailActivityOptions);

/**
 * On a test clock already past the due date, the ladder's first read is the due date's read: reading again at once
 * (what the due-date timer step does) cost every invoice of an advance an activity and a workflow task more. Clock
 * ladders recorded before the patch read twice and replay on that path; ordinary ladders never ask.
 */
const CLOCK_FIRST_READ_PATCH = 'test-clock-dunning-first-read-at-due-date';

/** Still asking the customer for money: reminders go out, and a subscription stays past due. */
const COLLECTING: readonly DunningInvoiceState['status'][] = ['OPEN', 'UNCOLLECTIBLE'];

/**
 * Durable timer to an absolute instant (workflow time); an instant already past returns at once. On a test clock:
 * until the clock reaches it.
 */
async function sleepUntil(instantMs: number): Promise<void> {
  if (onTestClock()) return waitUntil(instantMs, () => false);
  const wait = instantMs - Date.now();
  if (wait > 0) await sleep(wait);
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
  const first = await activities.readDunningInvoice(input);
  const clock = first?.testClock;
  if (clock != null) {
    // The ladder starts at the due date, which may lie behind the clock (it passed during an advance).
    const start = first?.dueDate != null && first.dueDate < clock.frozenTime ? first.dueDate : clock.frozenTime;
    useTestClock({ ...clock, localTime: start, reportedFor: null }, input.tenantId);
  }
  const outcome = await runLadder(input, first);
  // On a test clock, the clock's advance waits for this workflow's report: it ends having reached the clock's time.
  await reportClockReached();
  return outcome;
}

async function runLadder(input: DunningWorkflowInput, first: DunningInvoiceState | null): Promise<DunningOutcome> {
  if (first?.dueDate == null || !COLLECTING.includes(first.status)) return 'not_collectible';
  const dueDate = first.dueDate;
  let day = 0;
  let readAlready = readsAtDueDate(first, dueDate) ? first : undefined;
  for (;;) {
    await sleepUntil(dunningInstant(dueDate, day));
    const state = readAlready ?? (await activities.readDunningInvoice(input));
    readAlready = undefined;
    if (state === null || !COLLECTING.includes(state.status)) {
      if (state?.subscriptionId != null) await reconcile(input, state.subscriptionId);
      return 'settled';
    }
    await runStep(input, { state, day, dueDate });
    const next = nextDunningDay(state, day);
    if (next === undefined) return 'ladder_complete';
    day = next;
  }
}

/** The first read was made with the clock at or past the due date: the ladder's day 0 needs no read of its own. */
function readsAtDueDate(first: DunningInvoiceState, dueDate: string): boolean {
  const frozenTime = first.testClock?.frozenTime;
  if (!onTestClock() || frozenTime === undefined) return false;
  return Date.parse(frozenTime) >= dunningInstant(dueDate, 0) && patched(CLOCK_FIRST_READ_PATCH);
}

/** What day `day` of the ladder holds, under the settings just read. */
async function runStep(
  input: DunningWorkflowInput,
  step: { state: DunningInvoiceState; day: number; dueDate: string },
): Promise<void> {
  const { state, day } = step;
  if (day === 0) {
    if (state.subscriptionId !== null) await reconcile(input, state.subscriptionId);
    return;
  }
  const { remind: reminderDay, writeOff } = dunningStepOn(state, day);
  if (writeOff && state.status === 'OPEN') {
    // An ordinary ladder sends no instant (the activity takes the wall clock's), as before test clocks.
    const status = await activities.markInvoiceUncollectible(
      onTestClock() ? { ...input, now: businessNowIso() } : input,
    );
    if (status === 'UNCOLLECTIBLE' && state.cancelSubscription && state.subscriptionId !== null) {
      await activities.cancelSubscriptionForDunning({ tenantId: input.tenantId, subscriptionId: state.subscriptionId });
    }
  }
  if (reminderDay && isReminderCurrent({ ladder: state, dueDate: step.dueDate, day, nowMs: businessNowMs() })) {
    await remind(input);
  }
}

async function reconcile(input: DunningWorkflowInput, subscriptionId: string): Promise<void> {
  const now = businessNowIso();
  await activities.reconcileSubscriptionPastDue({ tenantId: input.tenantId, subscriptionId, now });
}

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
