import type { SubscriptionId } from '../../../domain/ids';
import type { EffectiveAt, LifecycleRequest } from '../../../domain/subscriptions';
import {
  cancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
  retryBillingSignal,
  undoCancelSubscriptionUpdate,
  type CancelRequest,
} from '../../../workflows/subscriptions/messages';
import { refuseWhileCustomerClockAdvances, type CustomerClockSql } from '../../catalog/customers';
import { newPlanTerms } from './plan-terms';
import { noBillingError, temporalUnavailable } from './subscription-errors';
import type { SubscriptionRecord, SubscriptionSql } from './subscription-records';
import { requireSubscription } from './subscription-store';
import {
  refuseFromStoredState,
  sendToWorkflow,
  sendTransition,
  type SubscriptionTemporal,
  type TransitionTarget,
} from './subscription-transitions';

/** What a lifecycle action needs: the tenant's SQL and, when the app has one, Temporal. */
export interface SubscriptionActionContext {
  sql: SubscriptionSql & CustomerClockSql;
  temporal: SubscriptionTemporal | undefined;
  /**
   * Set by billing's own workflows (dunning's cancellation at a write-off): their change is part of the clock's
   * advance, so it is never refused for the clock advancing, as a request is.
   */
  byWorkflow?: boolean;
}

/**
 * Loads the subscription and what a transition needs; refuses what the stored state already rules out, and any
 * change while the customer's test clock advances (the workflow is still catching up with the clock's time).
 */
async function transitionTarget(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
  action: LifecycleRequest,
): Promise<TransitionTarget> {
  const { sql, temporal } = context;
  const subscription = await requireSubscription(sql, subscriptionId);
  const refusal = refuseFromStoredState(subscription, action);
  if (refusal !== undefined) throw refusal;
  if (context.byWorkflow !== true) await refuseWhileCustomerClockAdvances(sql, subscription.customerId);
  if (temporal === undefined) throw temporalUnavailable();
  return { temporal, sql, subscription };
}

/** Cancels now (prorated settlement) or at the end of the current period: one update of the workflow. */
export async function cancelSubscription(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
  request: CancelRequest,
): Promise<SubscriptionRecord> {
  const target = await transitionTarget(context, subscriptionId, 'cancel');
  return sendTransition(target, (handle) => handle.executeUpdate(cancelSubscriptionUpdate, { args: [request] }));
}

/**
 * Takes back a cancellation scheduled at period end (`cancelAt` back to null): one update of the workflow, whose
 * validator refuses it (409 `invalid_state_transition`) when none is scheduled or the subscription has ended.
 */
export async function undoScheduledCancel(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
): Promise<SubscriptionRecord> {
  const target = await transitionTarget(context, subscriptionId, 'undoCancel');
  return sendTransition(target, (handle) => handle.executeUpdate(undoCancelSubscriptionUpdate));
}

export async function pauseSubscription(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
): Promise<SubscriptionRecord> {
  const target = await transitionTarget(context, subscriptionId, 'pause');
  return sendTransition(target, (handle) => handle.executeUpdate(pauseSubscriptionUpdate));
}

export async function resumeSubscription(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
): Promise<SubscriptionRecord> {
  const target = await transitionTarget(context, subscriptionId, 'resume');
  return sendTransition(target, (handle) => handle.executeUpdate(resumeSubscriptionUpdate));
}

/** Moves to another plan; the new plan's terms are checked here (exists, differs, priced in the currency). */
export async function changeSubscriptionPlan(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
  request: { newPlanId: string; effective?: EffectiveAt | undefined },
): Promise<SubscriptionRecord> {
  const target = await transitionTarget(context, subscriptionId, 'changePlan');
  const newPlan = await newPlanTerms(target.sql, target.subscription, request.newPlanId);
  const update = request.effective === undefined ? { newPlan } : { newPlan, effective: request.effective };
  return sendTransition(target, (handle) => handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [update] }));
}

/**
 * Asks the workflow to issue again the invoices that wait with a billing error. A signal, not an update: the retry
 * prices and issues them after the answer, so the subscription is returned as it stood when the retry was asked
 * (its error still shown); the workflow clears the error once they are issued, or keeps it if a period still cannot
 * be priced.
 */
export async function retrySubscriptionBilling(
  context: SubscriptionActionContext,
  subscriptionId: SubscriptionId,
): Promise<SubscriptionRecord> {
  const { sql, temporal } = context;
  const subscription = await requireSubscription(sql, subscriptionId);
  if (subscription.billingError === null) throw noBillingError(subscriptionId);
  if (temporal === undefined) throw temporalUnavailable();
  await sendToWorkflow({ temporal, sql, subscription }, (handle) => handle.signal(retryBillingSignal));
  return subscription;
}
