import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../infra/config';
import { ensureDatabaseExists, withMaintenanceConnection } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { quoteIdentifier } from '../infra/db/sql-identifier';
import { createLogger } from '../infra/logger';
import { childProcessEnv } from '../test/harness/child-env';
import { ensureTemporal } from './support/ensure-temporal';
import { onInterrupt } from './support/interrupt-cleanup';

export interface IsolatedStack {
  /** The configuration with the stack's own database and task queue. */
  config: Config;
  /** The environment for the API and worker processes a bench starts on this stack. */
  env: NodeJS.ProcessEnv;
}

/**
 * Runs `body` with a database of its own (`bench_<name>_<pid>`, migrated, dropped after) and a task queue of its own
 * on the configured Temporal (a dev server is started there if none answers): processes a bench starts act on every
 * tenant of their database, and a worker polls its queue, so neither a running `npm run dev` nor another bench is
 * disturbed or takes this one's tasks.
 */
export async function withIsolatedStack<T>(name: string, body: (stack: IsolatedStack) => Promise<T>): Promise<T> {
  const base = loadConfig();
  const url = new URL(base.databaseUrl);
  url.pathname = `/bench_${name}_${process.pid}`;
  const config: Config = {
    ...base,
    databaseUrl: url.href,
    temporal: { ...base.temporal, taskQueue: `bench-${name}-${randomUUID()}` },
  };
  const temporalServer = await ensureTemporal(config);
  const drop = () =>
    withMaintenanceConnection(config.databaseUrl, async (execute) => {
      await execute(`drop database if exists ${quoteIdentifier(url.pathname.slice(1))} with (force)`);
    });
  const forget = onInterrupt(drop);
  await ensureDatabaseExists(config.databaseUrl);
  try {
    await migrateAll({ config, logger: createLogger({ level: 'warn', name: 'bench' }) });
    const env = childProcessEnv({
      DATABASE_URL: config.databaseUrl,
      TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
      LOG_LEVEL: 'info',
    });
    return await body({ config, env });
  } finally {
    forget();
    await drop();
    await temporalServer?.stop();
  }
}
