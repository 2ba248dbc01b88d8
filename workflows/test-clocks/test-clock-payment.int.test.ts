import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createFakeActivities } from '../../test/fakes/fake-activities';
import { createTestWorker, createTimeSkippingTestEnv, uniqueTaskQueue } from '../../test/harness/temporal-env';
import { waitFor } from '../../test/scenarios/subscription-scenario';
import { PAYMENT_WORKFLOW_TYPE } from '../payments/messages';
import { paymentWorkflowId, testClockWorkflowId } from '../shared/workflow-ids';
import { advanceTestClockSignal, TEST_CLOCK_WORKFLOW_TYPE } from './messages';

/**
 * A provider payment of a customer on a test clock: its verification ladder and its checkout's expiry run when the
 * clock reaches them, each at its own instant, and the clock's advances wait for it. Scripted provider and clock
 * activities (in memory); the workflows are the real ones.
 */

const TENANT_ID = 'ten_01JD7X3Q8K9V2N4M6P8R0S2T4W';
const CLOCK_ID = 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W';
const PAYMENT_ID = 'pay_01JD7X3Q8K9V2N4M6P8R0S2T4W';
const CLOCK_START = Date.parse('2026-01-31T00:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offsetMs: number): string => new Date(CLOCK_START + offsetMs).toISOString();

describe('a payment on a test clock', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await createTimeSkippingTestEnv();
  });
  afterAll(() => env.teardown());

  test('verifies at the ladder instants and expires at the checkout expiry on the clock, in two advances', async () => {
    const taskQueue = uniqueTaskQueue('clock-payment');
    const verifiedAt: string[] = [];
    const failures: { reason: string; at: string }[] = [];
    const completed: string[] = [];
    const fake = createFakeActivities({ payment: { lifetimeMs: 24 * HOUR, verifications: [] } }).activities;
    const worker: Worker = await createTestWorker({
      env,
      taskQueue,
      activities: {
        ...fake,
        loadPaymentSnapshot: async (ref) => ({
          ...(await fake.loadPaymentSnapshot(ref))!,
          testClock: { clockId: CLOCK_ID, frozenTime: at(0) },
        }),
        verifyProviderPayment: (input) => {
          verifiedAt.push(input.at);
          return fake.verifyProviderPayment(input);
        },
        recordPaymentFailure: (input) => {
          failures.push({ reason: input.reason, at: input.at });
          return fake.recordPaymentFailure(input);
        },
        listTestClockParticipants: () => Promise.resolve([paymentWorkflowId(TENANT_ID, PAYMENT_ID)]),
        completeTestClockAdvance: (input) => {
          completed.push(input.frozenTime);
          return Promise.resolve(true);
        },
      },
    });
    const advance = (frozenTime: string) =>
      env.client.workflow.signalWithStart(TEST_CLOCK_WORKFLOW_TYPE, {
        workflowId: testClockWorkflowId(TENANT_ID, CLOCK_ID),
        taskQueue,
        args: [{ tenantId: TENANT_ID, clockId: CLOCK_ID }],
        signal: advanceTestClockSignal,
        signalArgs: [{ frozenTime }],
      });

    await worker.runUntil(async () => {
      const payment = await env.client.workflow.start(PAYMENT_WORKFLOW_TYPE, {
        workflowId: paymentWorkflowId(TENANT_ID, PAYMENT_ID),
        taskQueue,
        args: [{ tenantId: TENANT_ID, paymentId: PAYMENT_ID }],
      });
      await advance(at(2 * HOUR));
      await waitFor(
        () => Promise.resolve(completed.length),
        (count) => count === 1,
      );
      expect(completed).toEqual([at(2 * HOUR)]);
      expect(verifiedAt).toEqual([at(5 * MINUTE), at(30 * MINUTE), at(HOUR), at(2 * HOUR)]);
      expect(failures).toEqual([]);

      await advance(at(30 * HOUR));
      await waitFor(
        () => Promise.resolve(completed.length),
        (count) => count === 2,
      );
      const hourly = Array.from({ length: 21 }, (_, index) => at((index + 3) * HOUR));
      expect(verifiedAt).toEqual([at(5 * MINUTE), at(30 * MINUTE), at(HOUR), at(2 * HOUR), ...hourly, at(24 * HOUR)]);
      expect(failures).toEqual([{ reason: 'expired', at: at(24 * HOUR) }]);
      // Described, not awaited: waiting for a result on the time-skipping server would skip time.
      expect((await payment.describe()).status.name).toBe('COMPLETED');

      const clock = env.client.workflow.getHandle(testClockWorkflowId(TENANT_ID, CLOCK_ID));
      await clock.terminate('test over');
    });
  });
});
