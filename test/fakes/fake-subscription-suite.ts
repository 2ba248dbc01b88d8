import type { WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import type { SubscriptionWorkflowInput } from '../../workflows/subscriptions/messages';
import type { subscriptionWorkflow } from '../../workflows/subscriptions/subscription.workflow';
import type { SubscriptionSnapshot } from '../../workflows/subscriptions/wire';
import { subscriptionWorkflowId } from '../../workflows/shared/workflow-ids';
import {
  createTestWorker,
  createTimeSkippingTestEnv,
  sharedWorkflowBundle,
  uniqueTaskQueue,
} from '../harness/temporal-env';
import { addUtcMonths, nextLongMonthStart, sleepUntil, terms } from '../scenarios/subscription-scenario';
import type { FakeActivities } from './fake-activities';

/** What a test file of the subscription workflow on fake activities shares, filled in by its `beforeAll`. */
export interface FakeSubscriptionSuite {
  env: TestWorkflowEnvironment;
}

/** A workflow started on a worker of its own (run the test inside `worker.runUntil`). */
export interface StartedSubscription {
  worker: Worker;
  handle: WorkflowHandleWithFirstExecutionRunId<typeof subscriptionWorkflow>;
}

/**
 * The set-up of a test file running the subscription workflow on fake activities: a time-skipping server of the
 * file's own and the workflow bundle; every workflow a test started is terminated after it (one left waiting on a
 * timer with no worker stops the server from skipping time for the next test), and the server stopped after all.
 */
export function useFakeSubscriptionSuite(): {
  suite: FakeSubscriptionSuite;
  startSubscriptionWorkflow: (input: {
    fake: FakeActivities;
    queue: string;
    workflowInput: SubscriptionWorkflowInput;
  }) => Promise<StartedSubscription>;
} {
  const suite = {} as FakeSubscriptionSuite;
  const started: string[] = [];
  beforeAll(async () => {
    suite.env = await createTimeSkippingTestEnv();
    await sharedWorkflowBundle();
  });
  afterEach(async () => {
    for (const workflowId of started.splice(0)) {
      const handle = suite.env.client.workflow.getHandle(workflowId);
      if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('test over');
    }
  });
  afterAll(() => suite.env.teardown());

  return {
    suite,
    startSubscriptionWorkflow: async ({ fake, queue, workflowInput }) => {
      const { env } = suite;
      const taskQueue = uniqueTaskQueue(queue);
      const worker = await createTestWorker({ env, taskQueue, activities: fake.activities });
      const workflowId = subscriptionWorkflowId(workflowInput.tenantId, workflowInput.subscriptionId);
      started.push(workflowId);
      const handle = await env.client.workflow.start<typeof subscriptionWorkflow>('subscriptionWorkflow', {
        taskQueue,
        workflowId,
        args: [workflowInput],
      });
      return { worker, handle };
    },
  };
}

/**
 * The stored row of an ACTIVE monthly subscription in USD on UTC whose current period is [start, end), as the fake
 * `loadSubscription` answers it; `overrides` on top.
 */
export function storedActiveSnapshot(
  period: { start: Date; end: Date },
  overrides: Partial<SubscriptionSnapshot> = {},
): SubscriptionSnapshot {
  return {
    customerId: 'cus_fake',
    currency: 'USD',
    status: 'ACTIVE',
    timeZone: 'UTC',
    plan: terms('plan_basic', 'Basic', '3000'),
    pendingPlan: null,
    billingAnchor: period.start.toISOString(),
    currentPeriodStart: period.start.toISOString(),
    currentPeriodEnd: period.end.toISOString(),
    trialEnd: null,
    cancelAt: null,
    ...overrides,
  };
}

/** The next 31-day UTC month from the server's time, the server's clock moved to its start. */
export async function nextLongMonthOnServer(env: TestWorkflowEnvironment): Promise<{ start: Date; end: Date }> {
  const start = nextLongMonthStart(await env.currentTimeMs());
  await sleepUntil(env, start);
  return { start, end: addUtcMonths(start, 1) };
}
