import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Worker, DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { createApp } from '../api/app';
import { createRequestPathState, lazyTemporal } from '../api/app-deps';
import { loadConfig, type Config } from '../infra/config';
import { createOrm, type Orm } from '../infra/db/orm';
import { tenantSql } from '../infra/db/tenant-sql';
import { createUnconfiguredMailer } from '../infra/mail';
import { createLogger, type Logger } from '../infra/logger';
import { isPortOpen, parseHostPort } from '../infra/net/wait-for-port';
import { createTemporalClient } from '../infra/temporal/client';
import { startDevServer, type LocalServer } from '../infra/temporal/local-servers';
import { wallClock } from '../infra/wall-clock';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { apiClient, type ApiCall, type Json } from '../test/harness/api-client';
import { serve } from '../test/harness/http-server';
import { createWorker } from '../worker/create-worker';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';
import { createBenchDatabase } from './bench-database';

/**
 * `npm run bench:renewals [-- --subscriptions 200 --lead-seconds 120]`: renewals per second when N subscriptions'
 * periods all end at the same instant, against the throughput of an empty workflow (one no-op activity) on the same
 * worker settings, in the same run. On a database of its own (`billing_bench_…`, dropped at the end) and the Temporal
 * dev server at TEMPORAL_ADDRESS (or one started here), with task queues of its own, so a running `npm run dev` is
 * neither touched nor in the way. In one process: the app on a loopback port and a worker as `worker/main.ts` makes
 * it. Through the API it creates a weekly in-advance plan and N customers, each subscribed with a start date a week
 * before the common period end T (now + lead): each subscription's first invoice is issued at once, its renewal
 * invoice at T. Renewals per second: N over T → the moment the bench sees the last renewal invoice (polled every
 * 100 ms; the lead must cover the seeding, about 0.25 s a subscription on a busy machine). Then N empty workflows are
 * started at once on a second worker with the same settings: N over first start → last result.
 */

const WEEK_MS = 7 * 86_400_000;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive integer`);
  return value;
}

const progress = (line: string) => process.stderr.write(`bench:renewals: ${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function ensureTemporal(config: Config): Promise<LocalServer | undefined> {
  const address = parseHostPort(config.temporal.address);
  if (await isPortOpen(address)) return undefined;
  return startDevServer({
    ip: address.host,
    port: address.port,
    namespace: config.temporal.namespace,
    searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
  });
}

async function created(call: ApiCall, path: string, body: Json): Promise<Json> {
  const reply = await call('POST', path, { body });
  if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Invoices created at or after `since`. An invoice's `created_at` comes from its workflow's clock (the period end for
 * a renewal), so the bench times the renewals by when it sees them, polling every 100 ms.
 */
async function invoicesSince(orm: Orm, tenantId: string, since: Date): Promise<number> {
  const sql = tenantSql(orm, tenantId);
  const row = await sql.one<{ count: string }>(
    `select count(*) as count from ${sql.table('invoices')} where created_at >= ?`,
    [since],
  );
  return Number(row?.count ?? 0);
}

/** N customers, each with a weekly subscription whose first period ends at `periodEnd`. */
async function seed(call: ApiCall, subscriptions: number, periodEnd: number): Promise<void> {
  const plan = await created(call, '/plans', {
    name: 'Weekly',
    code: 'weekly',
    billingInterval: 'WEEKLY',
    billingTiming: 'IN_ADVANCE',
    trialDays: 0,
    prices: [{ currency: 'USD', amount: 7 }],
  });
  const startDate = new Date(periodEnd - WEEK_MS).toISOString();
  const run = randomBytes(4).toString('hex');
  for (let n = 0; n < subscriptions; n += 1) {
    const customer = await created(call, '/customers', {
      externalId: `renewals-bench-${run}-${n}`,
      email: `renewals-bench-${n}@example.com`,
      currency: 'USD',
    });
    await created(call, '/subscriptions', { customerId: customer.id, planId: plan.id, currency: 'USD', startDate });
  }
}

/** N empty workflows started at once on a worker of the same settings; workflows per second, first start → last end. */
async function emptyWorkflowRate(config: Config, count: number): Promise<number> {
  const taskQueue = `bench-empty-${randomBytes(6).toString('hex')}`;
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue,
    workflowsPath: require.resolve('./empty-workflow'),
    activities: { noop: () => Promise.resolve() },
    shutdownGraceTime: '10 seconds',
    maxCachedWorkflows: config.temporal.workerMaxCachedWorkflows,
  });
  const running = worker.run();
  const temporal = await createTemporalClient(config);
  try {
    const started = performance.now();
    const run = randomBytes(4).toString('hex');
    const handles = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        temporal.client.workflow.start('emptyWorkflow', { taskQueue, workflowId: `bench-empty-${run}-${n}` }),
      ),
    );
    await Promise.all(handles.map((handle) => handle.result()));
    return (count / (performance.now() - started)) * 1000;
  } finally {
    worker.shutdown();
    await running;
    await temporal.close();
    await connection.close();
  }
}

async function renewalRate(config: Config, logger: Logger, subscriptions: number, leadSeconds: number) {
  const orm = await createOrm(config, { logger });
  const { worker, close: closeWorker } = await createWorker({ config, logger, orm });
  const running = worker.run();
  const requestPath = createRequestPathState({ orm, logger });
  const temporal = lazyTemporal(config);
  const app = createApp({
    ...requestPath,
    config,
    logger,
    orm,
    mailer: createUnconfiguredMailer(),
    healthChecks: [],
    version: 'bench',
    temporal,
    clock: wallClock,
  });
  const server = await serve(app);
  // The bench's own connection for polling: the worker's activities may hold every connection of theirs.
  const probe = await createOrm(config, { poolMax: 1, logger });
  try {
    const tenant = await createTenantFixture(orm, config);
    // No dunning reminders: without an SMTP server each would fail and be retried; the figure is about renewals.
    await orm.em
      .getConnection()
      .execute('update central.tenants set settings = ?::jsonb where id = ?', [
        JSON.stringify({ dunning: { reminderDays: [] } }),
        tenant.tenantId,
      ]);
    const call = apiClient(() => ({ baseUrl: `${server.url}/api`, token: tenant.apiKey }));
    const seedStarted = new Date();
    const periodEnd = Math.ceil((Date.now() + leadSeconds * 1000) / 1000) * 1000;
    progress(`seeding ${subscriptions} subscriptions whose period ends at ${new Date(periodEnd).toISOString()}`);
    await seed(call, subscriptions, periodEnd);
    await until(
      'the first invoices',
      async () => (await invoicesSince(probe, tenant.tenantId, seedStarted)) >= subscriptions,
      300_000,
    );
    if (Date.now() >= periodEnd) throw new Error('seeding passed the period end: raise --lead-seconds');
    progress(`seeded in ${((Date.now() - seedStarted.getTime()) / 1000).toFixed(1)} s; waiting for the renewals`);
    const loadBefore = load();
    await new Promise((resolve) => setTimeout(resolve, periodEnd - Date.now()));
    const renewedFrom = new Date(periodEnd);
    await until(
      'every renewal invoice',
      async () => (await invoicesSince(probe, tenant.tenantId, renewedFrom)) >= subscriptions,
      30 * 60_000,
    );
    const seconds = (Date.now() - periodEnd) / 1000;
    return { rate: subscriptions / seconds, seconds, loadBefore };
  } finally {
    await server.close();
    await requestPath.requestCounts.stop();
    worker.shutdown();
    await running;
    await closeWorker();
    await temporal.client.connection.close();
    await probe.close();
    await orm.close();
  }
}

async function main(): Promise<void> {
  const subscriptions = option('subscriptions', 200);
  const leadSeconds = option('lead-seconds', 120);
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
  const temporalServer = await ensureTemporal(config);
  try {
    const renewals = await renewalRate(config, logger, subscriptions, leadSeconds);
    const loadBetween = load();
    const empty = await emptyWorkflowRate(config, subscriptions);
    process.stdout.write(
      `bench:renewals on Node ${process.version}: ${subscriptions} weekly subscriptions renewing at one instant\n` +
        `renewals: ${renewals.rate.toFixed(1)}/s (all ${subscriptions} renewal invoices ${renewals.seconds.toFixed(1)} s ` +
        `after the period end; target 100/s)\n` +
        `empty workflow (one no-op activity), ${subscriptions} at once: ${empty.toFixed(1)}/s\n` +
        `ratio renewals / empty: ${(renewals.rate / empty).toFixed(2)} (target at least 0.3)\n` +
        `load average (1/5/15 min) before the renewals: ${renewals.loadBefore}, after: ${loadBetween}, ` +
        `after the empty workflows: ${load()}\n`,
    );
  } finally {
    await temporalServer?.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
