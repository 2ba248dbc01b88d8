import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { IssuedInvoice, LifecycleChangeInput } from './wire';
import { internalActivityOptions } from '../activity-options';
import type { SubscriptionWorkflowState } from './subscription-state';

/** What the persisted steps share: the activity proxy, the billing reference and the bookkeeping of invoices. */

export const activities = proxyActivities<Activities>(internalActivityOptions);

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
export function hold(state: State, invoice: IssuedInvoice | null): void {
  if (invoice?.status === 'DRAFT' && invoice.finalizeAfter !== null) {
    state.held.push({ invoiceId: invoice.invoiceId, finalizeAfter: invoice.finalizeAfter });
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
