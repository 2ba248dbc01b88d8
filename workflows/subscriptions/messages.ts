import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { BillingInterval, BillingTiming } from '../../domain/periods';
import type { EffectiveAt, SubscriptionStatus } from '../../domain/subscriptions';
import type { ClockMessage } from '../test-clocks/messages';

/**
 * The subscription workflow's wire types (JSON across the Temporal boundary: money as strings of minor units,
 * instants as ISO strings). The API imports these definitions to send updates; nothing here runs I/O.
 */

export type { SubscriptionStatus };

/** What the workflow needs to know of a plan to bill it in the subscription's currency. */
export interface PlanTerms {
  planId: string;
  name: string;
  /** The plan's price in the subscription's currency, minor units as a decimal string. */
  amountMinor: string;
  billingInterval: BillingInterval;
  billingTiming: BillingTiming;
}

/** Started by the API right after the row is committed (id `subscription:<tenantId>:<subscriptionId>`). */
export interface SubscriptionWorkflowInput {
  tenantId: string;
  subscriptionId: string;
  /**
   * History events after which a run continues as new at its next safe point, even mid-period. Unset: the
   * workflow's own bound (or the server's suggestion); tests set it low.
   */
  historyEventLimit?: number;
}

export interface CancelRequest {
  cancelAt: EffectiveAt;
  /**
   * With `cancelAt: 'now'`: false cancels without crediting the unused part of a period billed in advance (dunning's
   * cancellation of an unpaid subscription, CONTRACT §12). Absent (the API): credited.
   */
  creditUnused?: boolean;
  /**
   * Sent by a dunning ladder on a test clock: the clock time its write-off cancels the subscription at. The
   * subscription moves there (never back) before it cancels, so the cancellation is dated at the write-off, not at the
   * last instant the subscription itself ran. Absent (the API, the wall clock): the workflow's own time.
   */
  at?: string;
}

/** The API has already checked the new plan exists, differs, and has a price in the subscription's currency. */
export interface ChangePlanRequest {
  newPlan: PlanTerms;
  effective?: EffectiveAt;
}

/** An accepted update answers once the change is stored; the API then reads the record from PostgreSQL. */
export interface TransitionResult {
  status: SubscriptionStatus;
}

export const cancelSubscriptionUpdate = defineUpdate<TransitionResult, [CancelRequest]>('cancel');
/** Takes back a cancellation scheduled at period end: `cancelAt` cleared, the subscription renews as before. */
export const undoCancelSubscriptionUpdate = defineUpdate<TransitionResult>('undoCancel');
export const pauseSubscriptionUpdate = defineUpdate<TransitionResult>('pause');
export const resumeSubscriptionUpdate = defineUpdate<TransitionResult>('resume');
export const changeSubscriptionPlanUpdate = defineUpdate<TransitionResult, [ChangePlanRequest]>('changePlan');

/**
 * From other workflows (payments): signals, since a workflow cannot send an update. Queued like the updates and
 * checked when they run; a refused one (e.g. past due on a PAUSED subscription) is logged and dropped.
 */
export const markPastDueSignal = defineSignal<[PastDueMessage?]>('markPastDue');
export const clearPastDueSignal = defineSignal<[PastDueMessage?]>('clearPastDue');

/**
 * Sent during a test clock's advance (a dunning step): applied at the sender's time `at` and acknowledged to the
 * sender. Absent from ordinary signals and from those sent before test clocks ordered their messages.
 */
export type PastDueMessage = ClockMessage;

/**
 * From the API (`POST /subscriptions/:id/retry-billing`) or an operator (`temporal workflow signal --name
 * retryBilling`): issue again the invoices that waited with a billing error. Nothing happens when none waits.
 */
export const retryBillingSignal = defineSignal('retryBilling');

/** The workflow's view of where it is, for tests and operators. */
export const subscriptionStatusQuery = defineQuery<TransitionResult>('status');

/**
 * `ApplicationFailure` types a validator rejects an update with; the API maps both to 409 with the failure's
 * message, and a rejected update leaves no trace in the workflow's history.
 */
export const INVALID_STATE_TRANSITION = 'invalid_state_transition';
export const PLAN_UNCHANGED = 'plan_unchanged';
