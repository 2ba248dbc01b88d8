import type { PlanTerms } from './messages';
import { activities, billingRef, track, write } from './step-support';
import { billingKeys, type SubscriptionWorkflowState } from './subscription-state';
import { openPeriod, settlePeriod, startPeriod } from './subscription-steps';
import { billUsageSegment } from './usage-steps';

type State = SubscriptionWorkflowState;

/**
 * A change to a plan of another billing interval, effective now (Stripe resets the billing cycle anchor the same
 * way): a monthly period cannot continue on a yearly calendar, so the current period ends at the change and the new
 * plan's first period starts there (`billing_anchor` moves to the change instant).
 *
 * Both plans IN_ADVANCE: one invoice, the old plan's unused days as a PRORATION credit line (capped like every
 * credit) and the new period's SUBSCRIPTION line, keyed as the new period's base invoice. Otherwise the old plan
 * settles like a cancel now (credit notes in advance, used days invoiced in arrears) and the new period opens like
 * any other (invoiced now in advance, at its end in arrears).
 */
export async function changeIntervalNow(state: State, newPlan: PlanTerms, now: string): Promise<void> {
  const old = { plan: state.plan, period: { start: state.periodStart, end: state.periodEnd }, billing: state.billing };
  const oneInvoice =
    old.plan.billingTiming === 'IN_ADVANCE' && newPlan.billingTiming === 'IN_ADVANCE' && old.billing.opened;
  // The old period's usage closes at the change on the old plan's charges, before the period moves.
  if (!oneInvoice) await settlePeriod(state, now);
  else await billUsageSegment(state, now, now);
  const period = await activities.findBillingPeriod({
    anchor: now,
    interval: newPlan.billingInterval,
    timeZone: state.timeZone,
    at: now,
  });
  // A scheduled cancellation still cancels at the end of the current period, which is now the new one.
  const cancelAt = state.cancelAt === null ? null : period.end;
  await write(
    state,
    {
      planId: newPlan.planId,
      pendingPlanId: null,
      billingAnchor: now,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      ...(cancelAt === null ? {} : { cancelAt }),
    },
    null,
    now,
  );
  Object.assign(state, { plan: newPlan, pendingPlan: null, anchor: now, cancelAt });
  startPeriod(state, period.start, period.end);
  if (!oneInvoice) {
    await openPeriod(state, now);
    return;
  }
  const invoice = await activities.issueIntervalChangeInvoice({
    ...billingRef(state),
    oldPlan: old.plan,
    newPlan,
    oldPeriod: old.period,
    newPeriod: period,
    changeAt: now,
    invoicedMinor: old.billing.invoicedMinor,
    creditedMinor: old.billing.creditedMinor,
    creditableInvoiceIds: old.billing.invoices.map((each) => each.invoiceId),
    ...(old.billing.feeBasisMinor === undefined ? {} : { feeBasisMinor: old.billing.feeBasisMinor }),
    idempotencyKey: billingKeys.base(state),
  });
  // The credit line moved the old invoices' unused part into this invoice, whose total is the new fee less it; a
  // cancel soon after may owe back more than that total, so the old invoices stay creditable behind it. The cap
  // (what the new period was charged) bounds the whole.
  state.billing.invoices = old.billing.invoices;
  track(state, invoice);
  Object.assign(state.billing, {
    opened: true,
    invoicedMinor: invoice.periodChargedMinor,
    feeBasisMinor: invoice.periodChargedMinor,
  });
}
