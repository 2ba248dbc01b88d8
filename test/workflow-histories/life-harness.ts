import type { WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Workflow } from '@temporalio/workflow';
import {
  createFakeActivities,
  type ActivityName,
  type FakeActivities,
  type FakeActivitiesOptions,
} from '../fakes/fake-activities';
import { waitFor } from '../scenarios/subscription-scenario';
import { createTestWorker, uniqueTaskQueue } from '../harness/temporal-env';

/**
 * Runs one workflow life on the time-skipping server with fake activities, for `npm run histories:record`. A life
 * script drives it (updates, signals, clock skips) and keeps the runs it wants stored; each run is a history of its
 * own (continue-as-new starts a new one), and only closed runs are kept, so every stored history is complete.
 */
export async function runLife<T extends Workflow, R>(options: {
  env: TestWorkflowEnvironment;
  fakes: FakeActivitiesOptions;
  /** Starts the workflow on the life's task queue. */
  start: (taskQueue: string) => Promise<WorkflowHandleWithFirstExecutionRunId<T>>;
  script: (life: Life<T>) => Promise<R>;
}): Promise<R> {
  const { env } = options;
  const fake = createFakeActivities(options.fakes);
  const taskQueue = uniqueTaskQueue('history');
  const worker = await createTestWorker({ env, taskQueue, activities: fake.activities });
  const handle = await options.start(taskQueue);
  const { workflowId } = handle;
  // The ends are polled rather than awaited with handle.result(): while a client waits for a result the test server
  // skips time, and once the workflow is done it skips to its 10-year execution timeout: the next life would start
  // (and be stored with dates) ten years later.
  async function runEnded(runId: string, expected: 'CONTINUED_AS_NEW' | 'COMPLETED'): Promise<void> {
    const run = env.client.workflow.getHandle(workflowId, runId);
    const status = await waitFor(
      async () => (await run.describe()).status.name,
      (name) => name !== 'RUNNING',
    );
    if (status !== expected) throw new Error(`${workflowId}: run ${runId} is ${status}, expected ${expected}`);
  }
  const life: Life<T> = {
    handle,
    fake,
    /** Waits (in real time: activities run after a skip) until the activity has been called `times` times. */
    async called(name, times = 1) {
      const count = await waitFor(
        () => Promise.resolve(fake.log.inputsOf(name).length),
        (made) => made >= times,
      );
      if (count < times) throw new Error(`${workflowId}: ${name} called ${count} times, expected ${times}`);
    },
    /** Once the run has ended in continue-as-new. */
    continuedAsNew: (runId) => runEnded(runId, 'CONTINUED_AS_NEW'),
    /** Once the latest run has completed. */
    completed: async () => {
      await runEnded(await life.latestRunId(), 'COMPLETED');
    },
    async latestRunId() {
      return (await env.client.workflow.getHandle(workflowId).describe()).runId;
    },
    historyOf: (runId) => env.client.workflow.getHandle(workflowId, runId).fetchHistory(),
  };
  return worker.runUntil(() => options.script(life));
}

export interface Life<T extends Workflow> {
  handle: WorkflowHandleWithFirstExecutionRunId<T>;
  fake: FakeActivities;
  called(name: ActivityName, times?: number): Promise<void>;
  continuedAsNew(runId: string): Promise<void>;
  completed(): Promise<void>;
  latestRunId(): Promise<string>;
  historyOf(runId: string): Promise<History>;
}
