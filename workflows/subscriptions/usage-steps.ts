import { patched } from '@temporalio/workflow';
import { activities, billingRef, hold } from './step-support';
import { billingKeys, usageStart, type SubscriptionWorkflowState } from './subscription-state';

type State = SubscriptionWorkflowState;

/**
 * Runs recorded before usage billing (issue 16) never issued usage-only invoices; they replay without the marker and
 * keep that path. New runs, and old runs at their next close after the deploy, take the new one.
 */
export const USAGE_BILLING_PATCH = 'usage-billing';

/** IN_ARREARS outside a trial: the segment's usage rides on the fee invoice the close issues anyway. */
export const usageOnFeeInvoice = (state: State): boolean =>
  state.plan.billingTiming === 'IN_ARREARS' && state.status !== 'TRIALING';

/** The usage segment an IN_ARREARS close bills with its fee, when it is not empty. */
export function usageSegmentUntil(state: State, until: string): { start: string; end: string } | undefined {
  const start = usageStart(state);
  return Date.parse(until) > Date.parse(start) ? { start, end: until } : undefined;
}

/**
 * Closes the open usage segment at `until` on an invoice of its own, for an IN_ADVANCE plan or a trial (CONTRACT §10:
 * usage is billed in arrears on the invoice that closes the period or segment; their fee is not billed at the close).
 * The activity prices the usage and writes the invoice and the segment in one transaction under the subscription
 * row's lock, keyed on the segment's start, so a retry or a restarted close never bills it twice. An invoice held by
 * a grace period is finalized by the workflow's timer, which prices its usage again (late events).
 */
export async function billUsageSegment(state: State, until: string, now: string): Promise<void> {
  if (usageOnFeeInvoice(state)) return;
  const segment = usageSegmentUntil(state, until);
  if (segment === undefined || !patched(USAGE_BILLING_PATCH)) return;
  const invoice = await activities.issueUsageInvoice({
    ...billingRef(state),
    planId: state.plan.planId,
    period: { start: state.periodStart, end: state.periodEnd },
    segment,
    idempotencyKey: billingKeys.usage(state, segment.start),
    now,
  });
  state.billing.usageFrom = until;
  hold(state, invoice);
}
