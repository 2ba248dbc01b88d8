import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { Runtime, DefaultLogger, NativeConnection, Worker } from '@temporalio/worker';
import { temporalWebhookDeliveryStarter } from '../services/platform/webhooks';
import { loadConfig, type Config } from '../infra/config';
import { createOrm, type Orm } from '../infra/db/orm';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { tenantSql } from '../infra/db/tenant-sql';
import { createLogger, type Logger } from '../infra/logger';
import { isPortOpen, parseHostPort } from '../infra/net/wait-for-port';
import { recordOutboxEvent } from '../services/platform/webhooks';
import { startOutboxRelay } from '../services/platform/webhooks';
import { createTemporalClient } from '../infra/temporal/client';
import { startDevServer, type LocalServer } from '../infra/temporal/local-servers';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';
import { createWorker } from '../worker/create-worker';
import { createBenchDatabase } from './bench-database';

/**
 * `WEBHOOK_ALLOW_PRIVATE_TARGETS=true npm run bench:webhooks [-- --events N]`: outbound webhook latency on the
 * Temporal dev server (the one `npm run dev` runs, or one started here), with a worker and the outbox relay running
 * in this process and a local receiver. Records N events (default 500), each in its own transaction like a real
 * change, and measures recorded (commit) → first attempt received: events per second and p50/p99 delay.
 * Isolated from a running dev stack: a database of its own (`billing_bench_…`, dropped at the end; the dev stack's
 * relay reads only DATABASE_URL's tenants) and a task queue of its own (the dev worker takes none of its workflows).
 * Then the yardstick, in the same run: N empty workflows (one no-op activity) started at once on a second worker with
 * the same worker settings, N over first start → last result, and the ratio deliveries/s ÷ empty workflows/s, which
 * compares across machine states where the absolute figures do not.
 */
const RECEIVE_TIMEOUT_MS = 120_000;

async function main(): Promise<void> {
  const events = eventCount(process.argv.slice(2));
  const base = loadConfig();
  if (!base.webhookAllowPrivateTargets) {
    throw new Error('the receiver listens on 127.0.0.1: run with WEBHOOK_ALLOW_PRIVATE_TARGETS=true');
  }
  const logger = createLogger({ level: 'warn', name: 'bench' });
  Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  const database = await createBenchDatabase(base, logger);
  try {
    await run(database.config, events, logger);
  } finally {
    await database.drop();
  }
}

/** The ratio deliveries/s ÷ empty workflows/s the delivery path is held to. */
const RATIO_TARGET = 0.5;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function run(own: Config, events: number, logger: Logger): Promise<void> {
  // A task queue of its own: a running `npm run dev` worker does not take this run's deliveries.
  const config: Config = { ...own, temporal: { ...own.temporal, taskQueue: `bench-webhooks-${randomUUID()}` } };
  const temporalServer = await ensureTemporal(config);
  const orm = await createOrm(config, { poolMax: 20, logger });
  const receiver = await startReceiver();
  const { worker, close } = await createWorker({ config, logger, orm });
  const running = worker.run();
  const temporal = await createTemporalClient(config);
  try {
    const tenant = await createTenantFixture(orm, config);
    await orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [receiver.url, tenant.tenantId], 'run');
    const relay = startOutboxRelay({
      orm,
      start: temporalWebhookDeliveryStarter({ client: temporal.client, taskQueue: config.temporal.taskQueue }),
      logger,
      sweepIntervalMs: 5_000,
      schemas: new Set([tenantSchemaName(tenant.tenantId)]),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // the relay's first sweep subscribes to NOTIFY
      const loadBefore = load();
      const recordedAt = await recordEvents(orm, tenant.tenantId, events);
      await receiver.waitFor([...recordedAt.keys()], RECEIVE_TIMEOUT_MS);
      const deliveries = report(events, recordedAt, receiver.firstReceived);
      await reportRelay(orm, tenant.tenantId);
      await waitForDelivered(orm, tenant.tenantId, events);
      const loadBetween = load();
      const empty = await emptyWorkflowRate(config, events);
      process.stdout.write(
        `empty workflow (one no-op activity), ${events} at once: ${empty.toFixed(1)}/s\n` +
          `ratio deliveries / empty: ${(deliveries / empty).toFixed(2)} (target at least ${RATIO_TARGET})\n` +
          `load average (1/5/15 min) before the deliveries: ${loadBefore}, after: ${loadBetween}, ` +
          `after the empty workflows: ${load()}\n`,
      );
    } finally {
      await relay.stop();
    }
  } finally {
    worker.shutdown();
    await running;
    await Promise.all([close(), temporal.close(), receiver.close()]);
    await orm.close();
    await temporalServer?.stop();
  }
}

function eventCount(args: string[]): number {
  const index = args.indexOf('--events');
  const value = index === -1 ? 500 : Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error('--events takes a positive integer');
  return value;
}

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

/** Each event in its own transaction, as the changes that record them do; returns the commit instant of each. */
async function recordEvents(orm: Orm, tenantId: string, count: number): Promise<Map<string, number>> {
  const sql = tenantSql(orm, tenantId);
  const recordedAt = new Map<string, number>();
  for (let index = 0; index < count; index += 1) {
    const data = { id: `inv_bench_${index}`, status: 'PAID' };
    const id = await sql.transactional((transaction) =>
      recordOutboxEvent(sql, transaction, { type: 'invoice.paid', data, occurredAt: new Date(), testClockId: null }),
    );
    recordedAt.set(id, performance.now());
  }
  return recordedAt;
}

interface Receiver {
  url: string;
  /** webhook-id → when its first attempt arrived (performance.now()). */
  firstReceived: Map<string, number>;
  waitFor: (ids: string[], timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const firstReceived = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const id = request.headers['webhook-id'];
    if (typeof id === 'string' && !firstReceived.has(id)) firstReceived.set(id, performance.now());
    request.resume();
    request.on('end', () => {
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    firstReceived,
    waitFor: async (ids, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (ids.some((id) => !firstReceived.has(id))) {
        if (Date.now() > deadline) {
          const missing = ids.filter((id) => !firstReceived.has(id)).length;
          throw new Error(`${missing} of ${ids.length} events not received within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Prints the delivery figures; returns deliveries per second (first commit → last first attempt). */
function report(events: number, recordedAt: Map<string, number>, received: Map<string, number>): number {
  const delays = [...recordedAt].map(([id, at]) => (received.get(id) ?? Number.NaN) - at).sort((a, b) => a - b);
  const first = Math.min(...recordedAt.values());
  const last = Math.max(...[...recordedAt.keys()].map((id) => received.get(id) ?? Number.NaN));
  const percentile = (p: number) => delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)] ?? 0;
  const rate = (events / (last - first)) * 1000;
  const lines = [
    `command: WEBHOOK_ALLOW_PRIVATE_TARGETS=true npm run bench:webhooks -- --events ${events}`,
    `load average (1/5/15 min): ${load()}`,
    `events: ${events}, recorded → first attempt received`,
    `throughput: ${rate.toFixed(1)} events/s (first commit → last first attempt)`,
    `delay p50: ${percentile(50).toFixed(0)} ms, p99: ${percentile(99).toFixed(0)} ms, max: ${percentile(100).toFixed(0)} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return rate;
}

/**
 * N empty workflows started at once on a worker of the delivery worker's settings, on a task queue of its own;
 * workflows per second, first start → last result (as `bench:renewals` measures its yardstick).
 */
async function emptyWorkflowRate(config: Config, count: number): Promise<number> {
  const taskQueue = `bench-empty-${randomUUID()}`;
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
    const handles = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        temporal.client.workflow.start('emptyWorkflow', { taskQueue, workflowId: `${taskQueue}-${n}` }),
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

/** Until every event is DELIVERED: the empty workflows then run on a worker with nothing else left to do. */
async function waitForDelivered(orm: Orm, tenantId: string, events: number): Promise<void> {
  const sql = tenantSql(orm, tenantId);
  const deadline = Date.now() + RECEIVE_TIMEOUT_MS;
  for (;;) {
    const row = await sql.one<{ count: string }>(
      `select count(*) as count from ${sql.table('webhook_events')} where status = 'DELIVERED'`,
    );
    if (Number(row?.count ?? 0) >= events) return;
    if (Date.now() > deadline) throw new Error(`${row?.count ?? 0} of ${events} events DELIVERED`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The relay's share of the delay: commit → workflow started (`dispatched_at`), on the database's clock. */
async function reportRelay(orm: Orm, tenantId: string): Promise<void> {
  const sql = tenantSql(orm, tenantId);
  const row = await sql.one<{ p50: number | string; p99: number | string }>(
    `select percentile_cont(0.5) within group (order by extract(epoch from dispatched_at - created_at)) * 1000 as p50,
            percentile_cont(0.99) within group (order by extract(epoch from dispatched_at - created_at)) * 1000 as p99
       from ${sql.table('webhook_events')}`,
  );
  const ms = (value: number | string | undefined) => Number(value ?? Number.NaN).toFixed(0);
  process.stdout.write(
    `of which relay (recorded → workflow started): p50 ${ms(row?.p50)} ms, p99 ${ms(row?.p99)} ms\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
