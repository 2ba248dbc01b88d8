import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../infra/config';
import { findFreePort, waitForPort } from '../../infra/net/wait-for-port';
import { spawnTsx, stopProcesses } from './child-processes';

/** As `Dockerfile` and `docker-compose.yml` start the API. */
export const PRODUCTION_API_HEAP_FLAG = '--max-old-space-size=1024';

/** A cold tsx start of the API on two busy cores can take a minute. */
const API_START_TIMEOUT_MS = 120_000;

/**
 * The environment the processes of one bench run share (API processes, its worker): the bench's database and
 * Temporal, a task queue of the run's own (no running dev worker takes its workflows; only a worker the bench starts
 * does), and one signing and encryption key, so a token one API process issued is accepted by another.
 */
export function benchProcessEnv(config: Config, label: string): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporal.address,
    TEMPORAL_TASK_QUEUE: `bench-${label}-${randomBytes(6).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}

export interface ApiProcesses {
  /** `http://127.0.0.1:<port>` of each process, in start order. */
  origins: string[];
  processes: ChildProcess[];
  /** SIGTERM to each and wait for the exits (a CPU profile is written then). */
  stop: () => Promise<void>;
}

/**
 * `count` API processes (`api/main.ts`) as production runs them (NODE_ENV=production: no response-schema check), each
 * on a port of its own, sharing `env`; resolves once every port answers. On a failed start the started ones are
 * stopped.
 */
export async function startApiProcesses(input: {
  env: Record<string, string>;
  count: number;
  nodeFlags?: readonly string[];
}): Promise<ApiProcesses> {
  const ports = await Promise.all(Array.from({ length: input.count }, () => findFreePort()));
  const processes = ports.map((port) =>
    spawnTsx('api/main.ts', {
      env: { ...input.env, NODE_ENV: 'production', PORT: String(port) },
      nodeFlags: input.nodeFlags ?? [PRODUCTION_API_HEAP_FLAG],
    }),
  );
  const stop = async () => {
    await stopProcesses(processes);
  };
  try {
    for (const port of ports) await waitForPort({ host: '127.0.0.1', port, timeoutMs: API_START_TIMEOUT_MS });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origins: ports.map((port) => `http://127.0.0.1:${port}`), processes, stop };
}
