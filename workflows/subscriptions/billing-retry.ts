import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { periodOf, waitForRetry } from './lifecycle-action';
import { direct, hold } from './step-support';
import type { HeldInvoice, SubscriptionWorkflowState, UnbilledWork } from './subscription-state';
import type { BillingErrorInput, IssuedInvoice, LifecycleStep } from './wire';

type State = SubscriptionWorkflowState;

const AMOUNT_OUT_OF_RANGE: BillingErrorInput['code'] = 'amount_out_of_range';

/** An activity that failed because what it priced passed the money maximum (never retried by Temporal). */
export function amountOutOfRangeMessage(error: unknown): string | undefined {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  return cause instanceof ApplicationFailure && cause.type === AMOUNT_OUT_OF_RANGE ? cause.message : undefined;
}

/**
 * A held invoice whose grace period is over, finalized; one that prices its usage beyond the money maximum stays a
 * DRAFT and waits for a retry with the subscription's billing error.
 */
export async function finalizeHeld(state: State, held: HeldInvoice): Promise<void> {
  try {
    await direct.finalizeHeldInvoice({ tenantId: state.tenantId, invoiceId: held.invoiceId, now: held.finalizeAfter });
  } catch (error) {
    const message = amountOutOfRangeMessage(error);
    if (message === undefined) throw error;
    const period = held.period ?? { start: state.periodStart, end: state.periodEnd };
    await waitForRetry(state, { kind: 'finalize', invoiceId: held.invoiceId, period }, message);
  }
}

/**
 * `retryBilling`: issues (or finalizes) again every invoice that waits, as of now. The subscription's billing error
 * goes when none is left; one that still cannot be priced keeps waiting.
 */
export async function retryUnbilled(state: State, now: string): Promise<void> {
  const still: { work: UnbilledWork; message: string }[] = [];
  for (const work of state.unbilled ?? []) {
    const message = await retryOne(state, work, now);
    if (message !== undefined) still.push({ work, message });
  }
  state.unbilled = still.map((entry) => entry.work);
  const ref = { tenantId: state.tenantId, subscriptionId: state.subscriptionId };
  const last = still.at(-1);
  if (last === undefined) await direct.clearBillingError({ ...ref, now });
  else {
    await direct.recordBillingError({
      ...ref,
      code: AMOUNT_OUT_OF_RANGE,
      message: last.message,
      period: periodOf(last.work),
      now,
    });
  }
}

/** Undefined when it is issued now; else why it still cannot be. */
async function retryOne(state: State, work: UnbilledWork, now: string): Promise<string | undefined> {
  if (work.kind === 'finalize') {
    try {
      await direct.finalizeHeldInvoice({ tenantId: state.tenantId, invoiceId: work.invoiceId, now });
      return undefined;
    } catch (error) {
      const message = amountOutOfRangeMessage(error);
      if (message === undefined) throw error;
      return message;
    }
  }
  const step: LifecycleStep =
    work.step.activity === 'issuePeriodInvoice'
      ? { activity: 'issuePeriodInvoice', input: { ...work.step.input, now } }
      : { activity: 'issueUsageInvoice', input: { ...work.step.input, now } };
  const { outcomes } = await direct.applyLifecycleAction({
    tenantId: state.tenantId,
    subscriptionId: state.subscriptionId,
    steps: [step],
  });
  const outcome = outcomes[0];
  if (outcome === undefined) throw ApplicationFailure.nonRetryable('The retried invoice has no outcome');
  if (!outcome.issued) return outcome.message;
  // Issued now: a grace period holds it like any other, to be finalized by the workflow's timer.
  hold(state, outcome.result as IssuedInvoice | null, periodOf(work));
  return undefined;
}
