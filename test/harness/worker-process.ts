import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { childProcessEnv } from './child-env';

const WORKER_ENTRY = require.resolve('../../worker/main');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker has logged that it runs (connected, bundled, about to poll). */
  running: Promise<void>;
}

/**
 * `worker/main.ts` (Temporal worker and webhook outbox relay) in a process of its own, on the run's database and
 * Temporal server, with `overrides` on top. tsx's loader runs in that very process: its CLI would run the worker in
 * a grandchild that a SIGKILL does not reach. Its log is read (and dropped) to tell when it runs. `nodeArgs` runs
 * another entry instead (the compiled worker).
 */
export function spawnWorkerProcess(
  overrides: Record<string, string>,
  nodeArgs: readonly string[] = ['--import', 'tsx', WORKER_ENTRY],
): WorkerProcess {
  const child = spawn(process.execPath, nodeArgs, {
    env: childProcessEnv({ LOG_LEVEL: 'info', ...overrides }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const running = new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.includes('"msg":"worker running"')) resolve();
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`worker process exited (${String(code ?? signal)}) before it ran`));
    });
  });
  // Nobody need wait for it: an exit after the start is not an error here.
  running.catch(() => undefined);
  return { child, running };
}
