import { patched, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { IssuedInvoice, LifecycleChangeInput, LifecycleStep, LifecycleStepName, PeriodRange } from './wire';
import { localComputationOptions } from '../activity-options';
import { onTestClock } from '../shared/business-time';
import { clockAwareActivities } from '../shared/clock-activities';
import type { SubscriptionWorkflowState } from './subscription-state';

/** What the persisted steps share: the activity proxy, the billing reference and the bookkeeping of invoices. */

/**
 * The activities themselves, for what is not a step of a lifecycle action: scheduled, or local on a test clock
 * (shared/clock-activities.ts).
 */
export const direct = clockAwareActivities();

const local = proxyLocalActivities<Activities>(localComputationOptions);

/**
 * On a test clock the next period's calendar is computed in a local activity: a year of renewals is a dozen periods
 * in a row, and a scheduled activity costs each a round trip and a workflow task. Clock runs recorded before the patch
 * scheduled it and replay on that path; ordinary runs never ask, so their histories carry no marker.
 */
export const CLOCK_LOCAL_PERIOD_PATCH = 'test-clock-local-billing-period';

export function computeBillingPeriod(input: Parameters<Activities['findBillingPeriod']>[0]): Promise<PeriodRange> {
  if (onTestClock() && patched(CLOCK_LOCAL_PERIOD_PATCH)) return local.findBillingPeriod(input);
  return direct.findBillingPeriod(input);
}

export type StepInput<N extends LifecycleStepName> = Extract<LifecycleStep, { activity: N }>['input'];
export type StepResult<N extends LifecycleStepName> = Awaited<ReturnType<Activities[N]>>;

/**
 * Where a lifecycle action's steps go while it is planned or applied (see lifecycle-action.ts); outside an action
 * (and in runs recorded before actions were one transaction) each step is its own activity.
 */
export interface StepRunner {
  step<N extends LifecycleStepName>(name: N, input: StepInput<N>): Promise<StepResult<N>>;
  findBillingPeriod(input: Parameters<Activities['findBillingPeriod']>[0]): Promise<PeriodRange>;
}

const eachOnItsOwn: StepRunner = {
  step: <N extends LifecycleStepName>(name: N, input: StepInput<N>) =>
    (direct[name] as (input: StepInput<N>) => Promise<StepResult<N>>)(input),
  findBillingPeriod: (input) => direct.findBillingPeriod(input),
};

let runner: StepRunner = eachOnItsOwn;

/** Runs `work` with its steps going to `stepRunner`; one action at a time (the main loop runs commands in turn). */
export async function withStepRunner<T>(stepRunner: StepRunner, work: () => Promise<T>): Promise<T> {
  const previous = runner;
  runner = stepRunner;
  try {
    return await work();
  } finally {
    runner = previous;
  }
}

/** The steps' activities, routed to the current runner. */
export const activities = {
  findBillingPeriod: (input: Parameters<Activities['findBillingPeriod']>[0]) => runner.findBillingPeriod(input),
  creditUnusedPeriod: (input: StepInput<'creditUnusedPeriod'>) => runner.step('creditUnusedPeriod', input),
  issuePeriodInvoice: (input: StepInput<'issuePeriodInvoice'>) => runner.step('issuePeriodInvoice', input),
  issueUsageInvoice: (input: StepInput<'issueUsageInvoice'>) => runner.step('issueUsageInvoice', input),
  issuePlanChangeInvoice: (input: StepInput<'issuePlanChangeInvoice'>) => runner.step('issuePlanChangeInvoice', input),
  issueIntervalChangeInvoice: (input: StepInput<'issueIntervalChangeInvoice'>) =>
    runner.step('issueIntervalChangeInvoice', input),
  writeLifecycleChange: (input: StepInput<'writeLifecycleChange'>) => runner.step('writeLifecycleChange', input),
  finalizeHeldInvoice: (input: Parameters<Activities['finalizeHeldInvoice']>[0]) => direct.finalizeHeldInvoice(input),
};

type State = SubscriptionWorkflowState;

export const billingRef = (state: State) => ({
  tenantId: state.tenantId,
  subscriptionId: state.subscriptionId,
  customerId: state.customerId,
  currency: state.currency,
  timeZone: state.timeZone,
});

const positive = (minor: string): string => (BigInt(minor) > 0n ? minor : '0');

/** Records an issued invoice as creditable for the period, and as held when a grace period keeps it DRAFT. */
export function track(state: State, invoice: IssuedInvoice | null): void {
  if (invoice === null) return;
  state.billing.invoices.unshift({ invoiceId: invoice.invoiceId, creditableMinor: positive(invoice.totalMinor) });
  hold(state, invoice);
}

/**
 * Records an invoice as held when a grace period keeps it DRAFT, without making it creditable: a usage-only
 * invoice bills no fee, so no credit for unused time goes against it.
 */
export function hold(
  state: State,
  invoice: IssuedInvoice | null,
  period: PeriodRange = { start: state.periodStart, end: state.periodEnd },
): void {
  if (invoice?.status === 'DRAFT' && invoice.finalizeAfter !== null) {
    state.held.push({ invoiceId: invoice.invoiceId, finalizeAfter: invoice.finalizeAfter, period });
  }
}

export function write(
  state: State,
  change: LifecycleChangeInput['change'],
  event: LifecycleChangeInput['event'],
  now: string,
) {
  return activities.writeLifecycleChange({
    tenantId: state.tenantId,
    subscriptionId: state.subscriptionId,
    change,
    event,
    now,
  });
}
