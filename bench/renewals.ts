import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { loadConfig, type Config } from '../infra/config';
import { createOrm, type Orm } from '../infra/db/orm';
import { tenantSql } from '../infra/db/tenant-sql';
import { createLogger, type Logger } from '../infra/logger';
import { createTemporalClient } from '../infra/temporal/client';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { createBenchDatabase } from './bench-database';
import { apiSession, type ApiSession } from './support/api-calls';
import { clearDunningReminders } from './support/bench-tenant';
import { inAdvancePlan, seedSubscriptions } from './support/catalog-seed';
import { startReadyProcess, stopProcesses } from './support/child-processes';
import { integerOption, rejectUnknownOptions } from './support/command-options';
import { ensureTemporal } from './support/ensure-temporal';
import { serveInProcessApp } from './support/in-process-app';
import { loadAverage } from './support/load-average';
import { cpuSecondsOf, cpuSecondsOfAll } from './support/process-cpu';
import { runBench } from './support/run-bench';
import { waitUntil } from './support/wait-until';

/**
 * `npm run bench:renewals [-- --subscriptions 200 --lead-seconds 120 --workers 1 --tenants 1]`: renewals per second when N
 * subscriptions' periods all end at the same instant, against the throughput of an empty workflow (one no-op
 * activity) on as many workers of the same settings, in the same run. On a database of its own (`billing_bench_…`,
 * dropped at the end) and the Temporal dev server at TEMPORAL_ADDRESS (or one started here), with task queues of its
 * own, so a running `npm run dev` is neither touched nor in the way. `--workers` worker processes
 * (`bench/renewals-worker.ts billing`: the worker as `worker/main.ts` makes it) poll the bench's task queue; the app
 * runs on a loopback port in this process. Through the API it creates a weekly in-advance plan and N customers, each
 * subscribed with a start date a week before the common period end T (now + lead): each subscription's first invoice
 * is issued at once, its renewal invoice at T. Renewals per second: N over T → the moment the bench sees the last
 * renewal invoice (polled every 100 ms; the lead must cover the seeding, about 0.25 s a subscription on a busy
 * machine). Then N empty workflows are started at once on `--workers` processes of `renewals-worker.ts empty`: N over
 * first start → last result. The workers' CPU per workflow is printed beside each rate. `--tenants K` spreads the
 * subscriptions over K tenants: each tenant's invoice numbers come from one gapless counter held until its
 * transaction commits, so renewals of one tenant finalize one after the other, those of different tenants side by side.
 */

const WEEK_MS = 7 * 86_400_000;

const progress = (line: string) => process.stderr.write(`bench:renewals: ${line}\n`);

/** `count` worker processes of `kind` on `taskQueue`, each ready (polling) before this resolves. */
function startWorkers(config: Config, kind: 'billing' | 'empty', count: number): Promise<ChildProcess[]> {
  const env = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporal.address,
    TEMPORAL_NAMESPACE: config.temporal.namespace,
    TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
  };
  return Promise.all(
    Array.from({ length: count }, () => startReadyProcess('bench/renewals-worker.ts', { env, args: [kind] })),
  );
}

interface WorkerSet {
  config: Config;
  kind: 'billing' | 'empty';
  count: number;
  /** The Temporal dev server when this run started it (its CPU is measured beside the workers'). */
  serverPid: number | undefined;
}

/** CPU seconds since the call, of the workers (summed) and of the dev server (0 when not this run's). */
type CpuSince = () => { workers: number; server: number };

/** Runs `work` with `count` worker processes of `kind`, stopped after it; `measureCpu` starts a CPU reading. */
async function withWorkers<T>(input: WorkerSet, work: (measureCpu: () => CpuSince) => Promise<T>): Promise<T> {
  const workers = await startWorkers(input.config, input.kind, input.count);
  try {
    const pids = workers.map((worker) => worker.pid);
    return await work(() => {
      const [workersBefore, serverBefore] = [cpuSecondsOfAll(pids), cpuSecondsOf(input.serverPid)];
      return () => ({
        workers: cpuSecondsOfAll(pids) - workersBefore,
        server: cpuSecondsOf(input.serverPid) - serverBefore,
      });
    });
  } finally {
    await stopProcesses(workers);
  }
}

/**
 * Invoices of the tenants created at or after `since`. An invoice's `created_at` comes from its workflow's clock (the
 * period end for a renewal), so the bench times the renewals by when it sees them, polling every 100 ms.
 */
async function invoicesSince(orm: Orm, tenantIds: readonly string[], since: Date): Promise<number> {
  let total = 0;
  for (const tenantId of tenantIds) {
    const sql = tenantSql(orm, tenantId);
    const row = await sql.one<{ count: string }>(
      `select count(*) as count from ${sql.table('invoices')} where created_at >= ?`,
      [since],
    );
    total += Number(row?.count ?? 0);
  }
  return total;
}

/** `count` split over `parts` as evenly as whole numbers allow (the first ones get the remainder). */
const shares = (count: number, parts: number): number[] =>
  Array.from({ length: parts }, (_, n) => Math.floor(count / parts) + (n < count % parts ? 1 : 0));

/** N customers, each with a weekly subscription whose first period ends at `periodEnd`. */
async function seed(api: ApiSession, subscriptions: number, periodEnd: number): Promise<void> {
  const plan = await api.post('/api/plans', inAdvancePlan('WEEKLY', 7));
  await seedSubscriptions({
    api,
    planId: String(plan.id),
    count: subscriptions,
    label: `renewals-bench-${randomBytes(4).toString('hex')}`,
    subscription: { startDate: new Date(periodEnd - WEEK_MS).toISOString() },
  });
}

interface Rate {
  rate: number;
  seconds: number;
  /** CPU ms per workflow of all workers together, and of the dev server when this run started it. */
  cpuMs: { workers: number; server: number };
}

const perWorkflow = (cpu: { workers: number; server: number }, count: number) => ({
  workers: (cpu.workers * 1000) / count,
  server: (cpu.server * 1000) / count,
});

/** N empty workflows started at once on `workers` processes; workflows per second, first start → last end. */
async function emptyWorkflowRate(run: RenewalRun): Promise<Rate> {
  const { subscriptions: count } = run;
  const taskQueue = `bench-empty-${randomBytes(6).toString('hex')}`;
  const config = { ...run.config, temporal: { ...run.config.temporal, taskQueue } };
  return withWorkers({ config, kind: 'empty', count: run.workers, serverPid: run.serverPid }, async (measureCpu) => {
    const temporal = await createTemporalClient(config);
    try {
      const workerCpu = measureCpu();
      const started = performance.now();
      const run = randomBytes(4).toString('hex');
      const handles = await Promise.all(
        Array.from({ length: count }, (_, n) =>
          temporal.client.workflow.start('emptyWorkflow', {
            taskQueue: config.temporal.taskQueue,
            workflowId: `bench-empty-${run}-${n}`,
          }),
        ),
      );
      await Promise.all(handles.map((handle) => handle.result()));
      const seconds = (performance.now() - started) / 1000;
      return { rate: count / seconds, seconds, cpuMs: perWorkflow(workerCpu(), count) };
    } finally {
      await temporal.close();
    }
  });
}

interface RenewalRun {
  config: Config;
  logger: Logger;
  subscriptions: number;
  leadSeconds: number;
  workers: number;
  tenants: number;
  serverPid: number | undefined;
}

async function renewalRate(run: RenewalRun): Promise<Rate & { loadBefore: string }> {
  const { config, logger, subscriptions } = run;
  const orm = await createOrm(config, { logger });
  // The bench's own connection for polling: the app's requests may hold every connection of theirs.
  const probe = await createOrm(config, { poolMax: 1, logger });
  const server = await serveInProcessApp({ config, logger, orm });
  try {
    const workers: WorkerSet = { config, kind: 'billing', count: run.workers, serverPid: run.serverPid };
    return await withWorkers(workers, async (measureCpu) => {
      const seedStarted = new Date();
      const periodEnd = Math.ceil((Date.now() + run.leadSeconds * 1000) / 1000) * 1000;
      progress(
        `seeding ${subscriptions} subscriptions over ${run.tenants} tenant(s), the period ending at ` +
          new Date(periodEnd).toISOString(),
      );
      const tenantIds: string[] = [];
      for (const share of shares(subscriptions, run.tenants)) {
        const tenant = await createTenantFixture(orm, config);
        await clearDunningReminders(orm, tenant.tenantId);
        tenantIds.push(tenant.tenantId);
        await seed(apiSession(server.url, tenant.apiKey), share, periodEnd);
      }
      const invoicesFrom = (since: Date) => invoicesSince(probe, tenantIds, since);
      await waitUntil('the first invoices', async () => (await invoicesFrom(seedStarted)) >= subscriptions, 300_000);
      if (Date.now() >= periodEnd) throw new Error('seeding passed the period end: raise --lead-seconds');
      progress(`seeded in ${((Date.now() - seedStarted.getTime()) / 1000).toFixed(1)} s; waiting for the renewals`);
      const loadBefore = loadAverage();
      await new Promise((resolve) => setTimeout(resolve, periodEnd - Date.now()));
      const workerCpu = measureCpu();
      const renewedFrom = new Date(periodEnd);
      await waitUntil(
        'every renewal invoice',
        async () => (await invoicesFrom(renewedFrom)) >= subscriptions,
        30 * 60_000,
      );
      const seconds = (Date.now() - periodEnd) / 1000;
      const cpuMs = perWorkflow(workerCpu(), subscriptions);
      return { rate: subscriptions / seconds, seconds, cpuMs, loadBefore };
    });
  } finally {
    await server.close();
    await probe.close();
    await orm.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  rejectUnknownOptions(args, { values: ['subscriptions', 'lead-seconds', 'workers', 'tenants'] });
  const subscriptions = integerOption(args, 'subscriptions', 200);
  const leadSeconds = integerOption(args, 'lead-seconds', 120);
  const workers = integerOption(args, 'workers', 1);
  const tenants = integerOption(args, 'tenants', 1);
  if (tenants > subscriptions) throw new Error('--tenants cannot exceed --subscriptions');
  const configured = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench-renewals' });
  Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  const database = await createBenchDatabase(configured, logger);
  // A task queue of its own and no rate limit in the way of the seeding.
  const config: Config = {
    ...database.config,
    temporal: { ...configured.temporal, taskQueue: `bench-renewals-${randomBytes(6).toString('hex')}` },
    rateLimit: { ...configured.rateLimit, perMinute: 100_000_000 },
  };
  try {
    const temporalServer = await ensureTemporal(config);
    try {
      const run = { config, logger, subscriptions, leadSeconds, workers, tenants, serverPid: temporalServer?.pid };
      const renewals = await renewalRate(run);
      const loadBetween = loadAverage();
      const empty = await emptyWorkflowRate(run);
      const cpu = ({ cpuMs }: Rate) =>
        `CPU per workflow: workers ${cpuMs.workers.toFixed(1)} ms` +
        (temporalServer === undefined ? '' : `, dev server ${cpuMs.server.toFixed(1)} ms`);
      process.stdout.write(
        `bench:renewals on Node ${process.version}: ${subscriptions} weekly subscriptions renewing at one instant, ` +
          `${workers} worker process(es), ${tenants} tenant(s)\n` +
          `renewals: ${renewals.rate.toFixed(1)}/s (all ${subscriptions} renewal invoices ` +
          `${renewals.seconds.toFixed(1)} s after the period end; target 100/s); ${cpu(renewals)}\n` +
          `empty workflow (one no-op activity), ${subscriptions} at once: ${empty.rate.toFixed(1)}/s ` +
          `(${empty.seconds.toFixed(1)} s); ${cpu(empty)}\n` +
          `ratio renewals / empty: ${(renewals.rate / empty.rate).toFixed(2)} (target at least 0.3)\n` +
          `load average (1/5/15 min) before the renewals: ${renewals.loadBefore}, after: ${loadBetween}, ` +
          `after the empty workflows: ${loadAverage()}\n`,
      );
    } finally {
      await temporalServer?.stop();
    }
  } finally {
    await database.drop();
  }
}

runBench(main);
