import { spawn, type ChildProcess } from 'node:child_process';
import { childProcessEnv } from './child-env';

const WORKER_ENTRY = require.resolve('../worker/main');

/**
 * `worker/main.ts` (Temporal worker and webhook outbox relay) in a process of its own, on the run's database and
 * Temporal server, with `overrides` on top. tsx's loader runs in that very process: its CLI would run the worker in
 * a grandchild that a SIGKILL does not reach.
 */
export function spawnWorkerProcess(overrides: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
    env: childProcessEnv({ LOG_LEVEL: 'warn', ...overrides }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
