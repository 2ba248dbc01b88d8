import { finalizeHeld } from './billing-retry';
import { activities, billingRef, track, write } from './step-support';
import { billingKeys, openBilling, type SubscriptionWorkflowState } from './subscription-state';
import { billUsageSegment, usageOnFeeInvoice, usageSegmentUntil } from './usage-steps';

/**
 * The persisted steps of the lifecycle. Each runs idempotent activities (keyed on subscription and period) and then
 * updates the workflow state to match what is stored; none of them decides whether a step is allowed.
 */

type State = SubscriptionWorkflowState;

/** IN_ADVANCE: the base fee at the period start, once (the key makes a restarted workflow find the same invoice). */
export async function openPeriod(state: State, now: string): Promise<void> {
  const { billing, plan } = state;
  const active = state.status === 'ACTIVE' || state.status === 'PAST_DUE';
  if (billing.opened || !active || plan.billingTiming !== 'IN_ADVANCE') return;
  const period = { start: state.periodStart, end: state.periodEnd };
  const invoice = await activities.issuePeriodInvoice({
    ...billingRef(state),
    plan,
    period,
    segment: period,
    idempotencyKey: billingKeys.base(state),
    now,
  });
  billing.opened = true;
  const charged = invoice === null ? '0' : invoice.totalMinor;
  billing.invoicedMinor = charged;
  billing.feeBasisMinor = charged;
  track(state, invoice);
}

/**
 * IN_ARREARS: the current plan's unbilled use of the period up to `until` (the period end or a change), with the
 * usage segment it closes on the same invoice (the activity prices it in the invoice's transaction).
 */
async function billUsage(state: State, until: string, now: string): Promise<void> {
  if (!usageOnFeeInvoice(state)) return;
  const from = state.billing.unbilledFrom;
  if (Date.parse(until) <= Date.parse(from)) return;
  const period = { start: state.periodStart, end: state.periodEnd };
  const whole = from === state.periodStart && until === state.periodEnd;
  const usage = usageSegmentUntil(state, until);
  const invoice = await activities.issuePeriodInvoice({
    ...billingRef(state),
    plan: state.plan,
    period,
    segment: { start: from, end: until },
    ...(usage === undefined ? {} : { usage }),
    idempotencyKey: whole ? billingKeys.base(state) : billingKeys.segment(state, from),
    now,
  });
  state.billing.unbilledFrom = until;
  if (usage !== undefined) state.billing.usageFrom = until;
  track(state, invoice);
}

/** IN_ADVANCE: FINALIZED credit notes for the unused days of the period already invoiced. */
async function creditUnused(state: State, changeAt: string): Promise<void> {
  const { billing } = state;
  if (state.plan.billingTiming !== 'IN_ADVANCE' || !billing.opened || state.status === 'TRIALING') return;
  const result = await activities.creditUnusedPeriod({
    ...billingRef(state),
    plan: state.plan,
    period: { start: state.periodStart, end: state.periodEnd },
    changeAt,
    invoicedMinor: billing.invoicedMinor,
    creditedMinor: billing.creditedMinor,
    ...(billing.feeBasisMinor === undefined ? {} : { feeBasisMinor: billing.feeBasisMinor }),
    invoices: billing.invoices,
    idempotencyKey: billingKeys.credit(state),
  });
  billing.creditedMinor = (BigInt(billing.creditedMinor) + BigInt(result.creditedMinor)).toString();
  billing.invoices = result.invoices;
}

/**
 * Cancel now and pause settle the period the same way: credit what was paid ahead, invoice what was used (the fee in
 * arrears with its usage, or the usage alone), closing the usage segment at `now`.
 */
export async function settlePeriod(state: State, now: string, options: { creditUnused?: boolean } = {}): Promise<void> {
  if (options.creditUnused !== false) await creditUnused(state, now);
  await billUsage(state, now, now);
  await billUsageSegment(state, now, now);
  state.billing.changes += 1;
}

/**
 * Dunning's cancellation (`creditUnused: false`, CONTRACT §12) credits nothing: the customer did not pay for the
 * period, so there is nothing paid ahead to give back.
 */
export async function cancelNow(state: State, now: string, options: { creditUnused?: boolean } = {}): Promise<void> {
  await settlePeriod(state, now, options);
  await write(state, { status: 'CANCELED', canceledAt: now }, 'subscription.canceled', now);
  state.status = 'CANCELED';
}

export async function scheduleCancel(state: State, now: string): Promise<void> {
  await write(state, { cancelAt: state.periodEnd }, null, now);
  state.cancelAt = state.periodEnd;
}

/** The period ends as a renewal again: nothing was invoiced or credited when the cancellation was scheduled. */
export async function unscheduleCancel(state: State, now: string): Promise<void> {
  await write(state, { cancelAt: null }, null, now);
  state.cancelAt = null;
}

export async function pause(state: State, now: string): Promise<void> {
  await settlePeriod(state, now);
  await write(state, { status: 'PAUSED', pausedAt: now }, 'subscription.paused', now);
  state.status = 'PAUSED';
}

/** ACTIVE → PAST_DUE with `subscription.past_due`; renewals go on (the status carries over to each new period). */
export async function markPastDue(state: State, now: string): Promise<void> {
  if (state.status === 'PAST_DUE') return;
  await write(state, { status: 'PAST_DUE' }, 'subscription.past_due', now);
  state.status = 'PAST_DUE';
}

/** PAST_DUE → ACTIVE. SPEC §6.2 has no event for it; the subscription's record shows it. */
export async function clearPastDue(state: State, now: string): Promise<void> {
  if (state.status === 'ACTIVE') return;
  await write(state, { status: 'ACTIVE' }, null, now);
  state.status = 'ACTIVE';
}

/** A new period anchored at the resume instant, on the pending plan if a downgrade was waiting. */
export async function resume(state: State, now: string): Promise<void> {
  const plan = state.pendingPlan ?? state.plan;
  const period = await activities.findBillingPeriod({
    anchor: now,
    interval: plan.billingInterval,
    timeZone: state.timeZone,
    at: now,
  });
  await write(
    state,
    {
      status: 'ACTIVE',
      pausedAt: null,
      // The old period's scheduled cancellation does not carry over to the period the resume starts.
      cancelAt: null,
      billingAnchor: now,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      planId: plan.planId,
      pendingPlanId: null,
    },
    'subscription.resumed',
    now,
  );
  Object.assign(state, { status: 'ACTIVE', plan, pendingPlan: null, anchor: now, cancelAt: null });
  startPeriod(state, period.start, period.end);
  await openPeriod(state, now);
}

/** The state's period moves to `start`–`end` with nothing billed in it yet. */
export function startPeriod(state: State, start: string, end: string): void {
  state.periodStart = start;
  state.periodEnd = end;
  state.billing = openBilling(start, false);
}

/**
 * Period end: close it (the IN_ARREARS invoice with the usage, or the usage alone in advance and for a trial), then
 * cancel if scheduled, else open the next on the pending plan.
 */
export async function endPeriod(state: State): Promise<void> {
  const end = state.periodEnd;
  await billUsage(state, end, end);
  await billUsageSegment(state, end, end);
  if (state.cancelAt !== null && Date.parse(state.cancelAt) <= Date.parse(end)) {
    await write(state, { status: 'CANCELED', canceledAt: end }, 'subscription.canceled', end);
    state.status = 'CANCELED';
    return;
  }
  const converting = state.status === 'TRIALING';
  const plan = state.pendingPlan ?? state.plan;
  // A new interval cannot continue the old calendar: its anniversaries start at this period end.
  const anchor = converting || plan.billingInterval !== state.plan.billingInterval ? end : state.anchor;
  const next = await activities.findBillingPeriod({
    anchor,
    interval: plan.billingInterval,
    timeZone: state.timeZone,
    at: end,
  });
  await write(
    state,
    {
      status: converting ? 'ACTIVE' : state.status,
      billingAnchor: anchor,
      currentPeriodStart: next.start,
      currentPeriodEnd: next.end,
      planId: plan.planId,
      pendingPlanId: null,
    },
    'subscription.renewed',
    end,
  );
  Object.assign(state, { status: converting ? 'ACTIVE' : state.status, plan, pendingPlan: null, anchor });
  startPeriod(state, next.start, next.end);
  await openPeriod(state, end);
}

/** Finalizes the held invoices whose grace period is over (one that cannot be priced waits for a retry). */
export async function finalizeDueInvoices(state: State, now: string): Promise<void> {
  const due = state.held.filter((held) => Date.parse(held.finalizeAfter) <= Date.parse(now));
  for (const held of due) await finalizeHeld(state, held);
  state.held = state.held.filter((held) => !due.includes(held));
}
