import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createActivities, type ActivityDependencies } from '../../activities';
import type { Orm } from '../../infra/db/orm';
import { createLogger } from '../../infra/logger';
import { createDevServerTestEnv, createTestWorker } from './temporal-env';

/** A worker of the real workflows and activities, polling its task queue on this run's dev server. */
export interface RunningWorker {
  env: TestWorkflowEnvironment;
  taskQueue: string;
  /** Shuts the worker down, waits for it to drain, and closes its connection. */
  stop(): Promise<void>;
}

export interface RunningWorkerOptions {
  orm: Orm;
  taskQueue: string;
  /** Activity dependencies beyond the database and a silent logger, e.g. `payments` with a provider fake's gateways. */
  activities?: Omit<ActivityDependencies, 'orm' | 'logger'>;
}

/** Starts a worker as `worker/main.ts` runs one, on the dev server, for a test file whose API starts workflows. */
export async function startRunningWorker(options: RunningWorkerOptions): Promise<RunningWorker> {
  const env = await createDevServerTestEnv();
  const logger = createLogger({ level: 'silent', name: `worker-${options.taskQueue}` });
  const activities = createActivities({ ...options.activities, logger, orm: options.orm });
  const worker = await createTestWorker({ env, taskQueue: options.taskQueue, activities });
  const running = worker.run();
  return {
    env,
    taskQueue: options.taskQueue,
    stop: async () => {
      worker.shutdown();
      await running;
      await env.teardown();
    },
  };
}
