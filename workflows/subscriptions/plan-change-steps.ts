import { changeIntervalNow } from './interval-change-steps';
import { activities, billingRef, track, write } from './step-support';
import type { PlanTerms } from './messages';
import { billingKeys, type SubscriptionWorkflowState } from './subscription-state';
import { settlePeriod } from './subscription-steps';
import { billUsageSegment } from './usage-steps';

type State = SubscriptionWorkflowState;

/**
 * Effective now: settle the old plan's part of the period and bill the new plan for the rest; anchor unchanged. A
 * new interval restarts the period at the change instead (a trial keeps its end: the first paid period is anchored
 * there on whichever plan it converts to).
 */
export async function changePlanNow(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  if (state.status !== 'TRIALING' && newPlan.billingInterval !== state.plan.billingInterval) {
    await changeIntervalNow(state, newPlan, now);
    return;
  }
  // The usage so far was on the old plan's charges: a plan change effective now closes the segment (a trial too).
  if (state.status !== 'TRIALING') await billPlanChange(state, newPlan, now);
  else await billUsageSegment(state, now, now);
  await write(state, { planId: newPlan.planId, pendingPlanId: null }, null, now);
  state.plan = newPlan;
  state.pendingPlan = null;
}

async function billPlanChange(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  const { billing } = state;
  const period = { start: state.periodStart, end: state.periodEnd };
  if (state.plan.billingTiming === 'IN_ADVANCE' && newPlan.billingTiming === 'IN_ADVANCE') {
    await billUsageSegment(state, now, now);
    const invoice = await activities.issuePlanChangeInvoice({
      ...billingRef(state),
      oldPlan: state.plan,
      newPlan,
      period,
      changeAt: now,
      invoicedMinor: billing.invoicedMinor,
      creditedMinor: billing.creditedMinor,
      creditableInvoiceIds: billing.invoices.map((each) => each.invoiceId),
      ...(billing.feeBasisMinor === undefined ? {} : { feeBasisMinor: billing.feeBasisMinor }),
      idempotencyKey: billingKeys.change(state),
    });
    track(state, invoice);
    Object.assign(billing, {
      invoicedMinor: invoice.chargeMinor,
      creditedMinor: '0',
      feeBasisMinor: newPlan.amountMinor,
      changes: billing.changes + 1,
    });
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
    feeBasisMinor: newPlan.amountMinor,
    unbilledFrom: now,
    opened: true,
    changes: billing.changes + 1,
  });
}

export async function schedulePlanChange(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  await write(state, { pendingPlanId: newPlan.planId }, null, now);
  state.pendingPlan = newPlan;
}
