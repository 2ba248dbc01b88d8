import { defaultPayloadConverter } from '@temporalio/common';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createFakeActivities } from '../../test/fakes/fake-activities';
import {
  addUtcMonths,
  nextLongMonthStart,
  sleepUntil,
  terms,
  waitFor,
} from '../../test/scenarios/subscription-scenario';
import {
  createTestWorker,
  createTimeSkippingTestEnv,
  sharedWorkflowBundle,
  uniqueTaskQueue,
} from '../../test/harness/temporal-env';
import type { subscriptionWorkflow } from '../subscriptions/subscription.workflow';
import type { SubscriptionSnapshot } from '../subscriptions/wire';
import { subscriptionWorkflowId } from './workflow-ids';

/**
 * Timers carry a summary of what they wait for (user metadata on TimerStarted), which Temporal UI shows instead of
 * the timer's sequence number. Read back from the history the server recorded.
 */

type HistoryEvent = NonNullable<History['events']>[number];

const summaryOf = (event: HistoryEvent | undefined): unknown => {
  const payload = event?.userMetadata?.summary;
  return payload == null ? undefined : defaultPayloadConverter.fromPayload(payload);
};

describe('timer summaries (time-skipping server)', () => {
  let env: TestWorkflowEnvironment;
  let started = 0;

  beforeAll(async () => {
    env = await createTimeSkippingTestEnv();
    await sharedWorkflowBundle();
  });
  afterAll(() => env.teardown());

  async function timerSummaryOf(overrides: (start: Date, end: Date) => Partial<SubscriptionSnapshot>) {
    const start = nextLongMonthStart(await env.currentTimeMs());
    const end = addUtcMonths(start, 1);
    await sleepUntil(env, start);
    const snapshot: SubscriptionSnapshot = {
      customerId: 'cus_fake',
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
      ...overrides(start, end),
    };
    const fake = createFakeActivities({ subscription: { snapshot } });
    const taskQueue = uniqueTaskQueue('timer-summaries');
    const worker = await createTestWorker({ env, taskQueue, activities: fake.activities });
    started += 1;
    const handle = await env.client.workflow.start<typeof subscriptionWorkflow>('subscriptionWorkflow', {
      taskQueue,
      workflowId: subscriptionWorkflowId('ten_fake', `sub_timer_${started}`),
      args: [{ tenantId: 'ten_fake', subscriptionId: `sub_timer_${started}` }],
    });
    try {
      const events = await worker.runUntil(
        waitFor(
          async () => (await handle.fetchHistory()).events ?? [],
          (history) => history.at(-1)?.timerStartedEventAttributes != null,
        ),
      );
      return { summary: summaryOf(events.at(-1)), end };
    } finally {
      await handle.terminate('test over');
    }
  }

  test('an active subscription’s timer says it waits for the period end to renew', async () => {
    const { summary, end } = await timerSummaryOf(() => ({}));
    expect(summary).toBe(`period end ${end.toISOString()}: renew and invoice`);
  });

  test('a trial’s timer says it waits for the trial end', async () => {
    const { summary, end } = await timerSummaryOf((_start, trialEnd) => ({
      status: 'TRIALING',
      trialEnd: trialEnd.toISOString(),
    }));
    expect(summary).toBe(`trial end ${end.toISOString()}`);
  });

  test('a subscription canceling at period end says so', async () => {
    const { summary, end } = await timerSummaryOf((_start, periodEnd) => ({ cancelAt: periodEnd.toISOString() }));
    expect(summary).toBe(`period end ${end.toISOString()}: cancel`);
  });
});
