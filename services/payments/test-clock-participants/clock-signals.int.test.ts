import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createDevServerTestEnv, uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { TEST_CLOCK_WORKFLOW_TYPE } from '../../../workflows/test-clocks/messages';
import { sendClockSignals } from './clock-signals';

/**
 * The clock's signals sent through the client, against the dev server. The receivers are workflows on a task queue no
 * worker polls: they stay RUNNING, and what they were sent is read from their histories.
 */
describe('sendClockSignals', () => {
  let env: TestWorkflowEnvironment;
  const started: string[] = [];
  beforeAll(async () => {
    env = await createDevServerTestEnv();
  });
  afterAll(async () => {
    for (const workflowId of started) {
      await env.client.workflow
        .getHandle(workflowId)
        .terminate('test over')
        .catch(() => undefined);
    }
    await env.teardown();
  });

  const taskQueue = uniqueTaskQueue('clock-signals');
  async function startIdle(): Promise<string> {
    const workflowId = `clock-signals-${randomUUID()}`;
    await env.client.workflow.start(TEST_CLOCK_WORKFLOW_TYPE, {
      taskQueue,
      workflowId,
      args: [{ tenantId: 'ten_signals', clockId: 'clk_signals' }],
    });
    started.push(workflowId);
    return workflowId;
  }

  /** The signals in the run's history: name and argument (null without one). */
  async function signalsOf(workflowId: string): Promise<{ name: string; arg: unknown }[]> {
    const { events } = await env.client.workflow.getHandle(workflowId).fetchHistory();
    return (events ?? []).flatMap((event) => {
      const signaled = event.workflowExecutionSignaledEventAttributes;
      if (signaled == null) return [];
      const data = signaled.input?.payloads?.[0]?.data;
      const arg: unknown = data == null ? null : JSON.parse(Buffer.from(data).toString('utf8'));
      return [{ name: signaled.signalName ?? '', arg }];
    });
  }

  test('each running workflow gets its own argument, more than one batch of them; ended and unknown ones are answered', async () => {
    const running: string[] = [];
    // More than the signals sent at once, so the batches follow one another.
    for (let index = 0; index < 20; index += 1) running.push(await startIdle());
    const ended = await startIdle();
    await env.client.workflow.getHandle(ended).terminate('ended before the signal');
    const unknown = `clock-signals-never-started-${randomUUID()}`;
    const timeOf = (index: number): string => new Date(Date.UTC(2026, 0, 1 + index)).toISOString();

    const notRunning = await sendClockSignals(env.client, {
      signal: 'testClockTime',
      deliveries: [
        ...running.map((workflowId, index) => ({ workflowId, payload: { frozenTime: timeOf(index) } })),
        { workflowId: ended, payload: { frozenTime: timeOf(99) } },
        { workflowId: unknown, payload: { frozenTime: timeOf(99) } },
      ],
    });

    expect([...notRunning].sort()).toEqual([ended, unknown].sort());
    for (const [index, workflowId] of running.entries()) {
      expect(await signalsOf(workflowId)).toEqual([{ name: 'testClockTime', arg: { frozenTime: timeOf(index) } }]);
    }
  });

  test('a signal without an argument (the roll call) is sent without one', async () => {
    const workflowId = await startIdle();
    expect(await sendClockSignals(env.client, { signal: 'testClockRollCall', deliveries: [{ workflowId }] })).toEqual(
      [],
    );
    expect(await signalsOf(workflowId)).toEqual([{ name: 'testClockRollCall', arg: null }]);
  });

  test('a failure other than a workflow not running is thrown, for the activity to retry', async () => {
    const elsewhere = new Client({ connection: env.connection, namespace: `no-such-namespace-${randomUUID()}` });
    await expect(
      sendClockSignals(elsewhere, {
        signal: 'testClockParticipantReached',
        deliveries: [{ workflowId: 'any', payload: { workflowId: 'w', frozenTime: new Date(0).toISOString() } }],
      }),
    ).rejects.toThrow(/namespace/i);
  });
});
