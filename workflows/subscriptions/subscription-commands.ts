import { ApplicationFailure } from '@temporalio/workflow';
import { isUpgrade } from '../../domain/subscriptions/plan-comparison';
import {
  refuseCancel,
  refuseClearPastDue,
  refuseMarkPastDue,
  refusePause,
  refusePlanChange,
  refuseResume,
  refuseUndoCancel,
  type TransitionRefusal,
} from '../../domain/subscriptions/transitions';
import {
  acknowledgeClockMessage,
  applyClockMessageTime,
  applyClockTime,
  businessNowIso,
} from '../shared/business-time';
import type { ClockMessage } from '../test-clocks/messages';
import type { CancelRequest, ChangePlanRequest } from './messages';
import { retryUnbilled } from './billing-retry';
import { asOneAction } from './lifecycle-action';
import { changePlanNow, schedulePlanChange } from './plan-change-steps';
import { lifecycleFacts, type SubscriptionWorkflowState } from './subscription-state';
import {
  cancelNow,
  clearPastDue,
  markPastDue,
  pause,
  resume,
  scheduleCancel,
  unscheduleCancel,
} from './subscription-steps';

/** The requests updates bring, queued for the main loop, and how each is checked and run. */

export type Command =
  | { kind: 'cancel'; request: CancelRequest }
  | { kind: 'undoCancel' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'changePlan'; request: ChangePlanRequest }
  | { kind: 'markPastDue' }
  | { kind: 'clearPastDue' }
  | { kind: 'retryBilling' };

export interface QueuedCommand {
  command: Command;
  done: boolean;
  failure?: ApplicationFailure;
  /** For commands nobody awaits (signals): told why it was refused. */
  onRefused?: (reason: string) => void;
  /** A test clock participant's message: run at the sender's time, and acknowledged once run or refused. */
  clockMessage?: ClockMessage;
}

/** The customer's time: the workflow's own, or its test clock's. */
export const nowIso = (): string => businessNowIso();

export const toFailure = (refusal: TransitionRefusal): ApplicationFailure =>
  ApplicationFailure.create({ type: refusal.code, message: refusal.message, nonRetryable: true });

export function refusalOf(state: SubscriptionWorkflowState, command: Command): TransitionRefusal | undefined {
  const facts = lifecycleFacts(state);
  switch (command.kind) {
    case 'cancel':
      return refuseCancel(facts, command.request.cancelAt);
    case 'undoCancel':
      return refuseUndoCancel(facts);
    case 'pause':
      return refusePause(facts);
    case 'resume':
      return refuseResume(facts);
    case 'changePlan':
      return refusePlanChange(facts, command.request.newPlan.planId);
    case 'markPastDue':
      return refuseMarkPastDue(facts);
    case 'clearPastDue':
      return refuseClearPastDue(facts);
    case 'retryBilling':
      return (state.unbilled ?? []).length > 0
        ? undefined
        : { code: 'invalid_state_transition', message: 'No invoice of the subscription waits for a retry' };
  }
}

/**
 * Runs one accepted request against the stored state, as one unit of work (all its writes or none); every step
 * persists before the update answers.
 */
async function runCommand(state: SubscriptionWorkflowState, command: Command): Promise<void> {
  const now = nowIso();
  // A retry issues each waiting invoice on its own: one that still cannot be priced must not hold back the others.
  if (command.kind === 'retryBilling') return retryUnbilled(state, now);
  return asOneAction(state, (acting) => changeLifecycle(acting, command, now));
}

async function changeLifecycle(
  state: SubscriptionWorkflowState,
  command: Exclude<Command, { kind: 'retryBilling' }>,
  now: string,
): Promise<void> {
  switch (command.kind) {
    case 'cancel':
      if (command.request.cancelAt === 'period_end') return scheduleCancel(state, now);
      return cancelNow(state, now, command.request.creditUnused === false ? { creditUnused: false } : {});
    case 'undoCancel':
      return unscheduleCancel(state, now);
    case 'pause':
      return pause(state, now);
    case 'resume':
      return resume(state, now);
    case 'changePlan': {
      const { newPlan } = command.request;
      const from = { amountMinor: BigInt(state.plan.amountMinor), interval: state.plan.billingInterval };
      const to = { amountMinor: BigInt(newPlan.amountMinor), interval: newPlan.billingInterval };
      const effective = command.request.effective ?? (isUpgrade({ from, to }) ? 'now' : 'period_end');
      return effective === 'now' ? changePlanNow(state, newPlan, now) : schedulePlanChange(state, newPlan, now);
    }
    case 'markPastDue':
      return markPastDue(state, now);
    case 'clearPastDue':
      return clearPastDue(state, now);
  }
}

export function failQueued(queue: QueuedCommand[], message: string): void {
  for (const entry of queue.splice(0)) {
    entry.failure = toFailure({ code: 'invalid_state_transition', message });
    entry.done = true;
  }
}

export async function runQueued(state: SubscriptionWorkflowState, entry: QueuedCommand): Promise<void> {
  const message = entry.clockMessage;
  if (message !== undefined) applyClockMessageTime(message);
  if (entry.command.kind === 'cancel' && entry.command.request.at !== undefined)
    applyClockTime(entry.command.request.at);
  const refusal = refusalOf(state, entry.command);
  if (refusal === undefined) await runCommand(state, entry.command);
  else {
    entry.failure = toFailure(refusal);
    entry.onRefused?.(refusal.message);
  }
  entry.done = true;
  if (message !== undefined) await acknowledgeClockMessage(message);
}
