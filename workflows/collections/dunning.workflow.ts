import { ActivityFailure, log, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { dunningInstant, dunningStepOn, isReminderCurrent, nextDunningDay } from '../../domain/invoices';
import { internalActivityOptions, mailActivityOptions } from '../activity-options';
import type { DunningInvoiceState, DunningOutcome, DunningWorkflowInput } from './messages';

const activities = proxyActivities<Activities>(internalActivityOptions);
const mail = proxyActivities<Activities>(mailActivityOptions);

/** Still asking the customer for money: reminders go out, and a subscription stays past due. */
const COLLECTING: readonly DunningInvoiceState['status'][] = ['OPEN', 'UNCOLLECTIBLE'];

/** Durable timer to an absolute instant (workflow time); an instant already past returns at once. */
async function sleepUntil(instantMs: number): Promise<void> {
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
  const first = await activities.readDunningInvoice(input);
  if (first?.dueDate == null || !COLLECTING.includes(first.status)) return 'not_collectible';
  const dueDate = first.dueDate;
  let day = 0;
  for (;;) {
    await sleepUntil(dunningInstant(dueDate, day));
    const state = await activities.readDunningInvoice(input);
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
    const status = await activities.markInvoiceUncollectible(input);
    if (status === 'UNCOLLECTIBLE' && state.cancelSubscription && state.subscriptionId !== null) {
      await activities.cancelSubscriptionForDunning({ tenantId: input.tenantId, subscriptionId: state.subscriptionId });
    }
  }
  if (reminderDay && isReminderCurrent({ ladder: state, dueDate: step.dueDate, day, nowMs: Date.now() })) {
    await remind(input);
  }
}

async function reconcile(input: DunningWorkflowInput, subscriptionId: string): Promise<void> {
  const now = new Date(Date.now()).toISOString();
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
