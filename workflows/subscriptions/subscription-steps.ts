import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { IssuedInvoice, LifecycleChangeInput } from '../../activities/subscriptions/subscription-wire';
import { internalActivityOptions } from '../activity-options';
import type { PlanTerms } from './messages';
import { billingKeys, openBilling, type SubscriptionWorkflowState } from './subscription-state';

/**
 * The persisted steps of the lifecycle. Each runs idempotent activities (keyed on subscription and period) and then
 * updates the workflow state to match what is stored; none of them decides whether a step is allowed.
 */

const activities = proxyActivities<Activities>(internalActivityOptions);

type State = SubscriptionWorkflowState;

const billingRef = (state: State) => ({
  tenantId: state.tenantId,
  subscriptionId: state.subscriptionId,
  customerId: state.customerId,
  currency: state.currency,
  timeZone: state.timeZone,
});

const positive = (minor: string): string => (BigInt(minor) > 0n ? minor : '0');

function track(state: State, invoice: IssuedInvoice | null): void {
  if (invoice === null) return;
  state.billing.invoices.unshift({ invoiceId: invoice.invoiceId, creditableMinor: positive(invoice.totalMinor) });
  if (invoice.status === 'DRAFT' && invoice.finalizeAfter !== null) {
    state.held.push({ invoiceId: invoice.invoiceId, finalizeAfter: invoice.finalizeAfter });
  }
}

function write(
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
  billing.invoicedMinor = plan.amountMinor;
  track(state, invoice);
}

/** IN_ARREARS: the current plan's unbilled use of the period up to `until` (the period end or a change). */
async function billUsage(state: State, until: string, now: string): Promise<void> {
  if (state.plan.billingTiming !== 'IN_ARREARS' || state.status === 'TRIALING') return;
  const from = state.billing.unbilledFrom;
  if (Date.parse(until) <= Date.parse(from)) return;
  const period = { start: state.periodStart, end: state.periodEnd };
  const whole = from === state.periodStart && until === state.periodEnd;
  const invoice = await activities.issuePeriodInvoice({
    ...billingRef(state),
    plan: state.plan,
    period,
    segment: { start: from, end: until },
    idempotencyKey: whole ? billingKeys.base(state) : billingKeys.segment(state, from),
    now,
  });
  state.billing.unbilledFrom = until;
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
    invoices: billing.invoices,
    idempotencyKey: billingKeys.credit(state),
  });
  billing.creditedMinor = (BigInt(billing.creditedMinor) + BigInt(result.creditedMinor)).toString();
  billing.invoices = result.invoices;
}

/** Cancel now and pause settle the period the same way: credit what was paid ahead, invoice what was used. */
export async function settlePeriod(state: State, now: string): Promise<void> {
  await creditUnused(state, now);
  await billUsage(state, now, now);
  state.billing.changes += 1;
}

export async function cancelNow(state: State, now: string): Promise<void> {
  await settlePeriod(state, now);
  await write(state, { status: 'CANCELED', canceledAt: now }, 'subscription.canceled', now);
  state.status = 'CANCELED';
}

export async function scheduleCancel(state: State, now: string): Promise<void> {
  await write(state, { cancelAt: state.periodEnd }, null, now);
  state.cancelAt = state.periodEnd;
}

export async function pause(state: State, now: string): Promise<void> {
  await settlePeriod(state, now);
  await write(state, { status: 'PAUSED', pausedAt: now }, 'subscription.paused', now);
  state.status = 'PAUSED';
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

function startPeriod(state: State, start: string, end: string): void {
  state.periodStart = start;
  state.periodEnd = end;
  state.billing = openBilling(start, false);
}

/** Period end: close it (IN_ARREARS invoice), then cancel if scheduled, else open the next on the pending plan. */
export async function endPeriod(state: State): Promise<void> {
  const end = state.periodEnd;
  await billUsage(state, end, end);
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

/** Effective now: settle the old plan's part of the period and bill the new plan for the rest; anchor unchanged. */
export async function changePlanNow(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  if (state.status !== 'TRIALING') await billPlanChange(state, newPlan, now);
  await write(state, { planId: newPlan.planId, pendingPlanId: null }, null, now);
  state.plan = newPlan;
  state.pendingPlan = null;
}

async function billPlanChange(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  const { billing } = state;
  const period = { start: state.periodStart, end: state.periodEnd };
  if (state.plan.billingTiming === 'IN_ADVANCE' && newPlan.billingTiming === 'IN_ADVANCE') {
    const invoice = await activities.issuePlanChangeInvoice({
      ...billingRef(state),
      oldPlan: state.plan,
      newPlan,
      period,
      changeAt: now,
      invoicedMinor: billing.invoicedMinor,
      creditedMinor: billing.creditedMinor,
      idempotencyKey: billingKeys.change(state),
    });
    track(state, invoice);
    Object.assign(billing, { invoicedMinor: invoice.chargeMinor, creditedMinor: '0', changes: billing.changes + 1 });
    return;
  }
  // Mixed timings: the old plan settles like a cancel, the new one is billed like a period of its own from now.
  await settlePeriod(state, now);
  let invoicedMinor = '0';
  if (newPlan.billingTiming === 'IN_ADVANCE') {
    const invoice = await activities.issuePeriodInvoice({
      ...billingRef(state),
      plan: newPlan,
      period,
      segment: { start: now, end: state.periodEnd },
      idempotencyKey: billingKeys.change(state),
      now,
    });
    track(state, invoice);
    invoicedMinor = invoice?.totalMinor ?? '0';
  }
  Object.assign(billing, {
    invoicedMinor,
    creditedMinor: '0',
    unbilledFrom: now,
    opened: true,
    changes: billing.changes + 1,
  });
}

export async function schedulePlanChange(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  await write(state, { pendingPlanId: newPlan.planId }, null, now);
  state.pendingPlan = newPlan;
}

/** Finalizes the held invoices whose grace period is over. */
export async function finalizeDueInvoices(state: State, now: string): Promise<void> {
  const due = state.held.filter((held) => Date.parse(held.finalizeAfter) <= Date.parse(now));
  for (const held of due) {
    await activities.finalizeHeldInvoice({
      tenantId: state.tenantId,
      invoiceId: held.invoiceId,
      now: held.finalizeAfter,
    });
  }
  state.held = state.held.filter((held) => !due.includes(held));
}
