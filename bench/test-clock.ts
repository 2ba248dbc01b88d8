import { randomBytes } from 'node:crypto';
import { DefaultLogger, Runtime, type Worker } from '@temporalio/worker';
import { loadConfig, type Config } from '../infra/config';
import { ensureDatabaseExists } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { createOrm } from '../infra/db/orm';
import { createLogger } from '../infra/logger';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { createWorker } from '../worker/create-worker';
import { apiSession, type ApiSession } from './support/api-calls';
import { clearDunningReminders } from './support/bench-tenant';
import { inAdvancePlan, seedSubscriptions } from './support/catalog-seed';
import { integerOption, rejectUnknownOptions } from './support/command-options';
import { ensureTemporal } from './support/ensure-temporal';
import { serveInProcessApp } from './support/in-process-app';
import { loadAverage } from './support/load-average';
import { cpuSecondsOf } from './support/process-cpu';
import { runBench } from './support/run-bench';
import { waitUntil } from './support/wait-until';

/**
 * `npm run bench:test-clock [-- --subscriptions 100 --days 365]`: how long a test clock takes to advance a year of
 * monthly renewals. On the configured database (migrated first) and the Temporal dev server at TEMPORAL_ADDRESS (or
 * one started here), in one process: the app on a loopback port and a worker (`worker/create-worker.ts`, as
 * `worker/main.ts` makes it) on a task queue of its own. Through the API it registers nothing but a tenant fixture,
 * then creates a clock at 2026-01-31, N customers on it, each with one monthly 30.00 in-advance subscription, waits
 * for their first invoices, advances the clock by `--days`, and prints the time from the advance to READY, the
 * invoices made and the machine's load average. Not a timed test: the target (a year for 100 subscriptions within
 * 60 s) is read off the figure.
 */

const CLOCK_START = '2026-01-31T00:00:00.000Z';

async function invoiceCount(api: ApiSession): Promise<number> {
  const page = await api.get('/api/invoices?limit=1');
  return (page.meta as { total: number }).total;
}

/** N customers on the clock, each subscribed monthly; resolves once every first invoice exists. */
async function seed(api: ApiSession, clockId: string, subscriptions: number): Promise<void> {
  const plan = await api.post('/api/plans', inAdvancePlan('MONTHLY', 30));
  await seedSubscriptions({
    api,
    planId: String(plan.id),
    count: subscriptions,
    label: `clock-bench-${randomBytes(4).toString('hex')}`,
    customer: { testClockId: clockId },
  });
  await waitUntil('the first invoices', async () => (await invoiceCount(api)) >= subscriptions, 300_000);
}

/** The worker's slots and cache as the SDK compiled them (`worker/create-worker.ts` sets only the cache). */
function describeWorker(worker: Worker): string {
  const { options } = worker;
  const slots = (supplier: unknown): string =>
    typeof supplier === 'object' && supplier !== null && 'numSlots' in supplier ? String(supplier.numSlots) : '?';
  return (
    `worker: ${slots(options.tuner.workflowTaskSlotSupplier)} workflow task slots, ` +
    `${slots(options.tuner.activityTaskSlotSupplier)} activity slots, ` +
    `${slots(options.tuner.localActivityTaskSlotSupplier)} local activity slots, ` +
    `${options.maxCachedWorkflows} cached workflows, ${options.workflowThreadPoolSize} workflow thread(s)`
  );
}

const progress = (line: string) => process.stderr.write(`bench:test-clock: ${line}\n`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  rejectUnknownOptions(args, { values: ['subscriptions', 'days'] });
  const subscriptions = integerOption(args, 'subscriptions', 100);
  const days = integerOption(args, 'days', 365);
  const configured = loadConfig();
  // A task queue of its own (only this run's worker takes its workflows) and no rate limit in the way of the seeding.
  const config: Config = {
    ...configured,
    temporal: { ...configured.temporal, taskQueue: `bench-test-clock-${randomBytes(6).toString('hex')}` },
    rateLimit: { ...configured.rateLimit, perMinute: 100_000_000 },
  };
  const logger = createLogger({ level: 'warn', name: 'bench-test-clock' });
  Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  await ensureDatabaseExists(config.databaseUrl);
  await migrateAll({ config, logger });
  progress('database migrated; Temporal');
  const temporalServer = await ensureTemporal(config);
  progress(`Temporal at ${config.temporal.address}; worker and app`);
  const orm = await createOrm(config, { logger });
  // The worker has a connection pool of its own, as in its own process (`worker/main.ts`): sharing the API's would
  // measure the pool, not the workflows.
  const workerOrm = await createOrm(config, { logger });
  const { worker, close: closeWorker } = await createWorker({ config, logger, orm: workerOrm });
  const running = worker.run();
  const server = await serveInProcessApp({ config, logger, orm });
  try {
    const tenant = await createTenantFixture(orm, config);
    // No dunning reminders: the clock would wait for each one's retries in real time; the figure is about renewals.
    await clearDunningReminders(orm, tenant.tenantId);
    const api = apiSession(server.url, tenant.apiKey);
    const clock = await api.post('/api/test-clocks', { name: 'bench', frozenTime: CLOCK_START });
    const clockId = String(clock.id);
    progress(`seeding ${subscriptions} subscriptions`);
    const seedStarted = performance.now();
    await seed(api, clockId, subscriptions);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const before = await invoiceCount(api);
    const frozenTime = new Date(Date.parse(CLOCK_START) + days * 86_400_000).toISOString();
    progress('advancing');
    const loadBefore = loadAverage();
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = temporalServer === undefined ? undefined : cpuSecondsOf(temporalServer.pid);
    const started = performance.now();
    await api.post(`/api/test-clocks/${clockId}/advance`, { frozenTime });
    await waitUntil(
      'the clock READY',
      async () => (await api.get(`/api/test-clocks/${clockId}`)).status === 'READY',
      30 * 60_000,
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpuAfter = temporalServer === undefined ? undefined : cpuSecondsOf(temporalServer.pid);
    const serverCpu =
      serverCpuBefore === undefined || serverCpuAfter === undefined
        ? 'not measured (a server this run did not start)'
        : `${(serverCpuAfter - serverCpuBefore).toFixed(1)} s`;
    const made = (await invoiceCount(api)) - before;
    process.stdout.write(
      `bench:test-clock on Node ${process.version}: ${subscriptions} monthly subscriptions on one clock, ` +
        `seeded in ${seedSeconds.toFixed(1)} s (${before} first invoices)\n` +
        `advance ${CLOCK_START} -> ${frozenTime} (${days} days): READY after ${seconds.toFixed(1)} s, ` +
        `${made} invoices made (${(made / seconds).toFixed(1)} invoices/s)\n` +
        `CPU during the advance: API and worker ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ` +
        `Temporal dev server ${serverCpu}\n` +
        `${describeWorker(worker)}\n` +
        `load average (1/5/15 min) before: ${loadBefore}, after: ${loadAverage()}\n`,
    );
    await api.delete(`/api/test-clocks/${clockId}`);
  } finally {
    await server.close();
    worker.shutdown();
    await running;
    await closeWorker();
    await orm.close();
    await workerOrm.close();
    await temporalServer?.stop();
  }
}

runBench(main);
