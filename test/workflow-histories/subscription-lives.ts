import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { addUtcMonths, DAY_MS, nextLongMonthStart, sleepUntil, terms } from '../scenarios/subscription-scenario';
import {
  cancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  clearPastDueSignal,
  markPastDueSignal,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
  type PlanTerms,
} from '../../workflows/subscriptions/messages';
import type { subscriptionWorkflow } from '../../workflows/subscriptions/subscription.workflow';
import type { SubscriptionSnapshot } from '../../workflows/subscriptions/wire';
import { subscriptionWorkflowId } from '../../workflows/shared/workflow-ids';
import { runLife, type Life } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * The subscription lives whose histories are stored: between them they run every step of the workflow (open,
 * grace-period finalize, upgrade now, past due and back, renewal, pause, resume, cancel at period end, trial plan
 * change and conversion, interval change now, cancel now, continue-as-new mid-period past the history bound). Each
 * life has two runs (continue-as-new at the renewal, or at the bound).
 */

const BASIC = terms('plan_basic', 'Basic', '3000');
const PRO = terms('plan_pro', 'Pro', '6000');
const PRO_YEARLY: PlanTerms = { ...terms('plan_pro_yearly', 'Pro yearly', '60000'), billingInterval: 'YEARLY' };
const TENANT_ID = 'ten_history';

type SubscriptionLife = Life<typeof subscriptionWorkflow>;

const daysAfter = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);

function storedRow(status: 'ACTIVE' | 'TRIALING', start: Date, end: Date): SubscriptionSnapshot {
  return {
    customerId: 'cus_history',
    currency: 'USD',
    status,
    timeZone: 'UTC',
    plan: BASIC,
    pendingPlan: null,
    billingAnchor: start.toISOString(),
    currentPeriodStart: start.toISOString(),
    currentPeriodEnd: end.toISOString(),
    trialEnd: status === 'TRIALING' ? end.toISOString() : null,
    cancelAt: null,
  };
}

/** Once the latest run has ended with the subscription canceled. */
async function canceled(life: SubscriptionLife): Promise<void> {
  await life.completed();
  if (!life.fake.subscription.events.includes('subscription.canceled')) throw new Error('the life ended uncanceled');
}

function startSubscription(
  env: TestWorkflowEnvironment,
  options: { taskQueue: string; subscriptionId: string; historyEventLimit?: number },
) {
  const { taskQueue, subscriptionId, historyEventLimit } = options;
  return env.client.workflow.start<typeof subscriptionWorkflow>('subscriptionWorkflow', {
    taskQueue,
    workflowId: subscriptionWorkflowId(TENANT_ID, subscriptionId),
    args: [{ tenantId: TENANT_ID, subscriptionId, ...(historyEventLimit === undefined ? {} : { historyEventLimit }) }],
  });
}

/** The closed runs of a life as stored histories, named for what each run did. */
function storedRuns(life: SubscriptionLife, runs: Record<string, string>): Promise<StoredHistory[]> {
  return Promise.all(
    Object.entries(runs).map(async ([name, runId]) => ({
      workflowType: 'subscriptionWorkflow' as const,
      name,
      history: await life.historyOf(runId),
    })),
  );
}

/** Run 1: invoice held two days, upgrade on day 16, past due and back, renewal. Run 2: pause, resume, cancel. */
async function recordActiveLife(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  const start = nextLongMonthStart(await env.currentTimeMs());
  const end = addUtcMonths(start, 1);
  await sleepUntil(env, start);
  const subscriptionId = 'sub_history_active';
  return runLife<typeof subscriptionWorkflow, StoredHistory[]>({
    env,
    start: (taskQueue) => startSubscription(env, { taskQueue, subscriptionId }),
    fakes: { subscription: { snapshot: storedRow('ACTIVE', start, end), graceMs: 2 * DAY_MS } },
    script: async (life) => {
      const { handle } = life;
      await life.called('issuePeriodInvoice');
      await sleepUntil(env, daysAfter(start, 3));
      await life.called('finalizeHeldInvoice');
      await sleepUntil(env, daysAfter(start, 15));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: PRO }] });
      await handle.signal(markPastDueSignal);
      await life.called('writeLifecycleChange', 2);
      await handle.signal(clearPastDueSignal);
      await life.called('writeLifecycleChange', 3);
      await sleepUntil(env, daysAfter(end, 1));
      await life.continuedAsNew(handle.firstExecutionRunId);
      const renewedRunId = await life.latestRunId();

      await sleepUntil(env, daysAfter(end, 5));
      await handle.executeUpdate(pauseSubscriptionUpdate);
      await sleepUntil(env, daysAfter(end, 10));
      await handle.executeUpdate(resumeSubscriptionUpdate);
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'period_end' }] });
      // The resumed period (a month from the resume) ends within 45 days of the first period's end.
      await sleepUntil(env, daysAfter(end, 45));
      await canceled(life);
      return storedRuns(life, {
        'active-upgrade-past-due-renewal': handle.firstExecutionRunId,
        'renewed-pause-resume-cancel-at-period-end': renewedRunId,
      });
    },
  });
}

/** Run 1: a trial changes plan (nothing billed) and converts. Run 2: a change to a yearly plan now, then cancel now. */
async function recordTrialLife(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  const start = nextLongMonthStart(await env.currentTimeMs());
  const trialEnd = daysAfter(start, 14);
  await sleepUntil(env, start);
  const subscriptionId = 'sub_history_trial';
  return runLife<typeof subscriptionWorkflow, StoredHistory[]>({
    env,
    start: (taskQueue) => startSubscription(env, { taskQueue, subscriptionId }),
    fakes: { subscription: { snapshot: storedRow('TRIALING', start, trialEnd) } },
    script: async (life) => {
      const { handle } = life;
      await life.called('loadSubscription');
      await sleepUntil(env, daysAfter(start, 3));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: PRO }] });
      await sleepUntil(env, daysAfter(trialEnd, 1));
      await life.continuedAsNew(handle.firstExecutionRunId);
      const convertedRunId = await life.latestRunId();

      await sleepUntil(env, daysAfter(trialEnd, 10));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: PRO_YEARLY, effective: 'now' }] });
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      await canceled(life);
      return storedRuns(life, {
        'trial-plan-change-conversion': handle.firstExecutionRunId,
        'converted-interval-change-cancel-now': convertedRunId,
      });
    },
  });
}

/** Run 1: plan changes until the history passes a low bound mid-period (continue-as-new). Run 2: cancel now. */
async function recordHistoryBoundLife(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  const start = nextLongMonthStart(await env.currentTimeMs());
  await sleepUntil(env, start);
  const subscriptionId = 'sub_history_bound';
  return runLife<typeof subscriptionWorkflow, StoredHistory[]>({
    env,
    start: (taskQueue) => startSubscription(env, { taskQueue, subscriptionId, historyEventLimit: 60 }),
    fakes: { subscription: { snapshot: storedRow('ACTIVE', start, addUtcMonths(start, 1)) } },
    script: async (life) => {
      const { handle } = life;
      await life.called('issuePeriodInvoice');
      await sleepUntil(env, daysAfter(start, 3));
      // About 20 events a change: the third passes the bound of 60, the fourth runs on the carried state.
      for (const newPlan of [PRO, BASIC, PRO, BASIC]) {
        await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan, effective: 'now' }] });
      }
      await life.continuedAsNew(handle.firstExecutionRunId);
      const carriedRunId = await life.latestRunId();
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      await canceled(life);
      return storedRuns(life, {
        'plan-changes-past-history-bound': handle.firstExecutionRunId,
        'history-bound-carried-cancel-now': carriedRunId,
      });
    },
  });
}

export async function recordSubscriptionLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [...(await recordActiveLife(env)), ...(await recordTrialLife(env)), ...(await recordHistoryBoundLife(env))];
}
