import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { childProcessEnv } from './child-env';

const API_ENTRY = require.resolve('../../api/main');

export interface ApiProcess {
  child: ChildProcess;
  /** Resolves once the API has logged that it listens. */
  listening: Promise<void>;
}

/**
 * `api/main.ts` in a process of its own, as `npm run start:api` runs it (tsx's loader in that very process), on the
 * run's database and Temporal server with `overrides` on top (PORT among them). Its log is read and dropped.
 */
export function spawnApiProcess(overrides: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', API_ENTRY], {
    env: childProcessEnv({ LOG_LEVEL: 'info', ...overrides }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.includes('"msg":"API listening"')) resolve();
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`API process exited (${String(code ?? signal)}) before it listened`));
    });
  });
  listening.catch(() => undefined);
  return { child, listening };
}
