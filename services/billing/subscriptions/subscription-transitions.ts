import {
  ServiceError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import { refuseByStatus, type LifecycleRequest } from '../../../domain/subscriptions';
import type { SubscriptionRecord, SubscriptionSql } from './subscription-records';
import { requireSubscription } from './subscription-store';
import { startSubscriptionWorkflow, type SubscriptionWorkflowStarter } from './workflow-starter';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { INVALID_STATE_TRANSITION, PLAN_UNCHANGED } from '../../../workflows/subscriptions/messages';
import type { WorkflowClient } from '../../../infra/temporal/workflow-client';
import { conflict, type AppError } from '../../platform/errors';
import { invalidTransition, temporalUnavailable, workflowNotAnswering } from './subscription-errors';
import { temporalSubscriptionStarter } from './temporal-starter';

/** The Temporal access of subscription changes. */
export interface SubscriptionTemporal extends WorkflowClient {
  /** Replaces the Temporal start of subscription workflows (tests inject a failing one to exercise the repair). */
  startSubscriptionWorkflow?: SubscriptionWorkflowStarter;
  /** How long a request waits for the workflow to answer a change; UPDATE_TIMEOUT_MS unless a test shortens it. */
  updateTimeoutMs?: number;
}

/**
 * A change is an update the workflow answers once a worker runs it. Without a worker (all down, or overloaded) the
 * client would wait for ever, holding the request: past this it answers 503 instead.
 */
export const UPDATE_TIMEOUT_MS = 15_000;

export interface TransitionTarget {
  temporal: SubscriptionTemporal;
  sql: SubscriptionSql;
  subscription: SubscriptionRecord;
}

const REJECTION_TYPES: readonly string[] = [INVALID_STATE_TRANSITION, PLAN_UNCHANGED];

/** The starter the app uses: the injected one (tests) or the Temporal one. */
export function subscriptionStarterOf(temporal: SubscriptionTemporal): SubscriptionWorkflowStarter {
  return temporal.startSubscriptionWorkflow ?? temporalSubscriptionStarter(temporal);
}

/**
 * Sends one state change to the subscription's workflow (a Temporal update: its validator accepts or rejects it
 * before anything reaches history) and reads the record back from PostgreSQL once the workflow has stored it.
 */
export async function sendTransition(
  target: TransitionTarget,
  send: (handle: WorkflowHandle) => Promise<unknown>,
): Promise<SubscriptionRecord> {
  await sendToWorkflow(target, send);
  return requireSubscription(target.sql, target.subscription.id);
}

/**
 * Delivers one message to the subscription's workflow, started first if its start is still owed, within the
 * update timeout; Temporal's refusals and outages become the API's errors. An update resolves once the workflow has
 * answered, a signal once Temporal has accepted it.
 */
export async function sendToWorkflow(
  target: TransitionTarget,
  send: (handle: WorkflowHandle) => Promise<unknown>,
): Promise<void> {
  const { temporal, sql, subscription } = target;
  try {
    await ensureStarted(target);
    const handle = temporal.client.workflow.getHandle(subscriptionWorkflowId(sql.tenantId, subscription.id));
    const timeout = AbortSignal.timeout(temporal.updateTimeoutMs ?? UPDATE_TIMEOUT_MS);
    await temporal.client.connection.withAbortSignal(timeout, () => send(handle));
  } catch (error) {
    throw appErrorOf(error, subscription.id);
  }
}

/** A row whose start is still pending (the repair loop's job) gets its workflow now: the message needs it. */
async function ensureStarted({ temporal, sql, subscription }: TransitionTarget): Promise<void> {
  if (subscription.workflowStartedAt !== null) return;
  await startSubscriptionWorkflow(sql, {
    start: subscriptionStarterOf(temporal),
    subscription: {
      tenantId: sql.tenantId,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      planId: subscription.planId,
      status: subscription.status,
    },
  });
}

function appErrorOf(error: unknown, subscriptionId: string): unknown {
  if (error instanceof WorkflowUpdateFailedError) {
    const cause = error.cause;
    if (cause instanceof ApplicationFailure && cause.type != null && REJECTION_TYPES.includes(cause.type)) {
      return conflict(cause.type, cause.message);
    }
    return error;
  }
  // A finished workflow takes no updates: the subscription has ended.
  if (error instanceof WorkflowNotFoundError) {
    return invalidTransition(`Subscription ${subscriptionId} has ended`);
  }
  if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return workflowNotAnswering(subscriptionId);
  if (error instanceof ServiceError) return temporalUnavailable();
  return error;
}

/** Refusals visible from the stored state (the domain's rules), answered without a round trip to the workflow. */
export function refuseFromStoredState(
  subscription: SubscriptionRecord,
  action: LifecycleRequest,
): AppError | undefined {
  const refusal = refuseByStatus(subscription.status, action);
  return refusal === undefined
    ? undefined
    : conflict(refusal.code, `Subscription ${subscription.id}: ${refusal.message}`);
}
