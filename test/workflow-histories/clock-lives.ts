import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { dunningWorkflow } from '../../workflows/collections/dunning.workflow';
import { DUNNING_WORKFLOW_TYPE, type DunningInvoiceState } from '../../workflows/collections/messages';
import { addUtcMonths, DAY_MS, nextLongMonthStart, terms } from '../scenarios/subscription-scenario';
import { cancelSubscriptionUpdate } from '../../workflows/subscriptions/messages';
import type { subscriptionWorkflow } from '../../workflows/subscriptions/subscription.workflow';
import type { SubscriptionSnapshot } from '../../workflows/subscriptions/wire';
import {
  advanceTestClockSignal,
  testClockDeletedSignal,
  testClockTimeSignal,
} from '../../workflows/test-clocks/messages';
import type { testClockWorkflow } from '../../workflows/test-clocks/test-clock.workflow';
import { dunningWorkflowId, subscriptionWorkflowId, testClockWorkflowId } from '../../workflows/shared/workflow-ids';
import { runLife } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * Lives on a test clock, stored apart from the wall-clock lives (`npm run histories:record -- clock` records only
 * these). A subscription of a clock customer renews twice in one run when the clock is signalled past two period
 * ends, then sees a cancellation at period end through; a dunning ladder on a clock past its due date runs to its
 * write-off at once (started without and with `onTestClock`); a clock workflow with nothing to wait for completes two advances and ends when deleted.
 */

const TENANT_ID = 'ten_history';
const CLOCK_ID = 'clk_history';

const daysAfter = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);

/**
 * One run: opens, renews twice when the clock is signalled past two period ends (a clock run renews without
 * continuing as new), then a cancellation at period end goes through when the clock passes it.
 */
async function recordClockSubscriptionLife(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  // Dates of the clock, unrelated to the server's: nothing here waits on a timer.
  const start = nextLongMonthStart(Date.parse('2026-01-01T00:00:00.000Z'));
  const end = addUtcMonths(start, 1);
  const snapshot: SubscriptionSnapshot = {
    customerId: 'cus_history_clock',
    currency: 'USD',
    status: 'ACTIVE',
    timeZone: 'UTC',
    plan: terms('plan_basic', 'Basic', '3000'),
    pendingPlan: null,
    billingAnchor: start.toISOString(),
    currentPeriodStart: start.toISOString(),
    currentPeriodEnd: end.toISOString(),
    trialEnd: null,
    cancelAt: null,
    testClock: { clockId: CLOCK_ID, frozenTime: start.toISOString() },
  };
  const subscriptionId = 'sub_history_clock';
  return runLife<typeof subscriptionWorkflow, StoredHistory[]>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof subscriptionWorkflow>('subscriptionWorkflow', {
        taskQueue,
        workflowId: subscriptionWorkflowId(TENANT_ID, subscriptionId),
        args: [{ tenantId: TENANT_ID, subscriptionId }],
      }),
    fakes: { subscription: { snapshot } },
    script: async (life) => {
      const { handle } = life;
      await life.called('issuePeriodInvoice');
      await handle.signal(testClockTimeSignal, { frozenTime: daysAfter(addUtcMonths(end, 1), 1).toISOString() });
      await life.called('applyLifecycleAction', 2);
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'period_end' }] });
      await handle.signal(testClockTimeSignal, { frozenTime: addUtcMonths(end, 3).toISOString() });
      await life.completed();
      if (!life.fake.subscription.events.includes('subscription.canceled'))
        throw new Error('the life ended uncanceled');
      if ((await life.latestRunId()) !== handle.firstExecutionRunId) throw new Error('the life continued as new');
      return [
        {
          workflowType: 'subscriptionWorkflow' as const,
          name: 'clock-renewals-in-one-run-cancel-at-period-end',
          history: await life.historyOf(handle.firstExecutionRunId),
        },
      ];
    },
  });
}

/** A ladder on a clock already 40 days past the due date: past due, written off, and ended, all at once. */
async function recordClockDunningLife(
  env: TestWorkflowEnvironment,
  ladder: { name: string; onTestClock: boolean },
): Promise<StoredHistory[]> {
  const dueDate = '2026-03-02T00:00:00.000Z';
  const invoice: DunningInvoiceState = {
    status: 'OPEN',
    subscriptionId: 'sub_history_clock',
    reminderDays: [],
    uncollectibleAfterDays: 30,
    cancelSubscription: false,
    dueDate,
    testClock: { clockId: CLOCK_ID, frozenTime: daysAfter(new Date(dueDate), 40).toISOString() },
  };
  const invoiceId = ladder.onTestClock ? 'inv_history_clock_paths' : 'inv_history_clock';
  return runLife<typeof dunningWorkflow, StoredHistory[]>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof dunningWorkflow>(DUNNING_WORKFLOW_TYPE, {
        taskQueue,
        workflowId: dunningWorkflowId(TENANT_ID, invoiceId),
        args: [{ tenantId: TENANT_ID, invoiceId, ...(ladder.onTestClock ? { onTestClock: true as const } : {}) }],
      }),
    fakes: { dunning: { invoice } },
    script: async (life) => {
      await life.completed();
      if (life.fake.dunning.state.status !== 'UNCOLLECTIBLE') throw new Error('the ladder did not write it off');
      return [
        {
          workflowType: 'dunningWorkflow' as const,
          name: ladder.name,
          history: await life.historyOf(life.handle.firstExecutionRunId),
        },
      ];
    },
  });
}

/** Two advances of a clock whose customers have nothing running (each lists, finds no one and completes), then deleted. */
async function recordClockAdvancesLife(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return runLife<typeof testClockWorkflow, StoredHistory[]>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof testClockWorkflow>('testClockWorkflow', {
        taskQueue,
        workflowId: testClockWorkflowId(TENANT_ID, CLOCK_ID),
        args: [{ tenantId: TENANT_ID, clockId: CLOCK_ID }],
      }),
    fakes: {},
    script: async (life) => {
      const { handle } = life;
      await handle.signal(advanceTestClockSignal, { frozenTime: '2026-03-01T00:00:00.000Z' });
      await life.called('completeTestClockAdvance');
      await handle.signal(advanceTestClockSignal, { frozenTime: '2026-04-01T00:00:00.000Z' });
      await life.called('completeTestClockAdvance', 2);
      await handle.signal(testClockDeletedSignal);
      await life.completed();
      return [
        {
          workflowType: 'testClockWorkflow' as const,
          name: 'two-advances-nothing-due-deleted',
          history: await life.historyOf(handle.firstExecutionRunId),
        },
      ];
    },
  });
}

export async function recordClockLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [
    ...(await recordClockSubscriptionLife(env)),
    ...(await recordClockDunningLife(env, { name: 'clock-past-due-date-written-off', onTestClock: false })),
    // Started knowing its clock: every clock path under one patch, the first read on the worker.
    ...(await recordClockDunningLife(env, { name: 'clock-paths-past-due-date-written-off', onTestClock: true })),
    ...(await recordClockAdvancesLife(env)),
  ];
}
