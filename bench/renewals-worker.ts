import { randomBytes } from 'node:crypto';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { loadConfig, type Config } from '../infra/config';
import { createOrm } from '../infra/db/orm';
import { createLogger, type Logger } from '../infra/logger';
import { createWorker } from '../worker/create-worker';
import { runBench } from './support/run-bench';

/**
 * A worker process of `bench:renewals`, started once per `--workers`, on the bench's database and task queue (from
 * DATABASE_URL and TEMPORAL_TASK_QUEUE). `billing`: the Temporal worker as `worker/main.ts` makes it
 * (`worker/create-worker.ts`, its own connection pool), without the loops that process also runs (relay, dunning
 * starts, wallets), which renewals do not need. `empty`: the yardstick, `bench/empty-workflow.ts` with its no-op
 * activity, on a worker of the same settings. Prints `ready` once polling; drains and exits on SIGTERM.
 */
type Kind = 'billing' | 'empty';

async function startKind(kind: Kind, config: Config, logger: Logger) {
  if (kind === 'billing') {
    const orm = await createOrm(config, { logger });
    const handle = await createWorker({ config, logger, orm });
    return { worker: handle.worker, close: async () => Promise.all([handle.close(), orm.close()]) };
  }
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    workflowsPath: require.resolve('./empty-workflow'),
    activities: { noop: () => Promise.resolve() },
    // As `worker/create-worker.ts` sets them.
    shutdownGraceTime: '10 seconds',
    maxCachedWorkflows: config.temporal.workerMaxCachedWorkflows,
  });
  return { worker, close: () => connection.close() };
}

async function main(): Promise<void> {
  const kind = process.argv[2];
  if (kind !== 'billing' && kind !== 'empty') throw new Error('usage: renewals-worker.ts billing|empty');
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: `bench-renewals-worker-${randomBytes(2).toString('hex')}` });
  Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  const { worker, close } = await startKind(kind, config, logger);
  const running = worker.run();
  process.stdout.write('ready\n');
  await Promise.race([new Promise((resolve) => process.once('SIGTERM', resolve)), running]);
  worker.shutdown();
  await running;
  await close();
}

runBench(main);
