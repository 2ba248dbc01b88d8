import type { EffectiveAt } from './effective-at';
import type { SubscriptionStatus } from './subscription-status';

/**
 * Which lifecycle requests a subscription accepts in which state. Pure and free of time zones, so the workflow's
 * update validators can call it: a refusal is answered 409 without touching the workflow's history.
 */

export type TransitionRefusal =
  | { readonly code: 'invalid_state_transition'; readonly message: string }
  | { readonly code: 'plan_unchanged'; readonly message: string };

/** What the checks need of a subscription's state. */
export interface LifecycleFacts {
  readonly status: SubscriptionStatus;
  readonly planId: string;
  /** Set when a cancellation at period end is scheduled. */
  readonly cancelAt: string | null;
}

const refuse = (message: string): TransitionRefusal => ({ code: 'invalid_state_transition', message });

/** Cancel now from any live state; at period end only where a period runs and no cancellation is scheduled yet. */
export function refuseCancel(facts: LifecycleFacts, cancelAt: EffectiveAt): TransitionRefusal | undefined {
  if (facts.status === 'CANCELED') return refuse('The subscription is already canceled');
  if (cancelAt === 'now') return undefined;
  if (facts.status === 'PAUSED') return refuse('A paused subscription has no period to end: cancel it now');
  if (facts.cancelAt !== null) return refuse(`The subscription already cancels at ${facts.cancelAt}`);
  return undefined;
}

/** A scheduled cancellation can be taken back until the period ends (the subscription then renews as before). */
export function refuseUndoCancel(facts: LifecycleFacts): TransitionRefusal | undefined {
  if (facts.status === 'CANCELED') return refuse('The subscription is already canceled');
  if (facts.cancelAt === null) return refuse('The subscription has no cancellation scheduled');
  return undefined;
}

export function refusePause(facts: Pick<LifecycleFacts, 'status'>): TransitionRefusal | undefined {
  if (facts.status === 'ACTIVE' || facts.status === 'TRIALING') return undefined;
  return refuse(`Only an ACTIVE or TRIALING subscription can be paused, this one is ${facts.status}`);
}

export function refuseResume(facts: Pick<LifecycleFacts, 'status'>): TransitionRefusal | undefined {
  if (facts.status === 'PAUSED') return undefined;
  return refuse(`Only a PAUSED subscription can be resumed, this one is ${facts.status}`);
}

/**
 * Payment fell behind (the payments workflow signals it): from ACTIVE; PAST_DUE again is accepted and changes
 * nothing, so a repeated signal is harmless. A trial has nothing to pay, a paused or canceled one nothing running.
 */
export function refuseMarkPastDue(facts: LifecycleFacts): TransitionRefusal | undefined {
  if (facts.status === 'ACTIVE' || facts.status === 'PAST_DUE') return undefined;
  return refuse(`Only an ACTIVE subscription can become past due, this one is ${facts.status}`);
}

/** Payment caught up: PAST_DUE back to ACTIVE; ACTIVE again is accepted and changes nothing. */
export function refuseClearPastDue(facts: LifecycleFacts): TransitionRefusal | undefined {
  if (facts.status === 'PAST_DUE' || facts.status === 'ACTIVE') return undefined;
  return refuse(`Only a PAST_DUE subscription can return to ACTIVE, this one is ${facts.status}`);
}

/** A plan changes on a running period only; a paused one resumes first. */
export function refusePlanChange(facts: LifecycleFacts, newPlanId: string): TransitionRefusal | undefined {
  if (facts.status === 'CANCELED' || facts.status === 'PAUSED') {
    return refuse(`The plan of a ${facts.status} subscription cannot change`);
  }
  if (facts.planId === newPlanId)
    return { code: 'plan_unchanged', message: `The subscription is already on ${newPlanId}` };
  return undefined;
}

/** The requests the API sends to a subscription's workflow. */
export type LifecycleRequest = 'cancel' | 'undoCancel' | 'pause' | 'resume' | 'changePlan';

/**
 * The refusals the stored status alone decides, so the API answers them without a round trip to the workflow: a
 * canceled subscription takes nothing, pause and resume depend on the status only. What also depends on the request
 * (a period-end cancellation, the new plan) is left to the workflow's validator, which sees the live state.
 */
export function refuseByStatus(status: SubscriptionStatus, request: LifecycleRequest): TransitionRefusal | undefined {
  if (status === 'CANCELED') return refuse('The subscription is canceled');
  if (request === 'pause') return refusePause({ status });
  if (request === 'resume') return refuseResume({ status });
  return undefined;
}
