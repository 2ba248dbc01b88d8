import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'undici';
import { newId } from '../infra/ids';
import { loadConfig, type Config } from '../infra/config';
import { ensureDatabaseExists } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { createOrm, type Orm } from '../infra/db/orm';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { createLogger } from '../infra/logger';
import { findFreePort, isPortOpen, parseHostPort, waitForPort } from '../infra/net/wait-for-port';
import { startDevServer, type LocalServer } from '../infra/temporal/local-servers';
import { childProcessEnv } from '../test/harness/child-env';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';
import {
  crossingAnswers,
  planWallets,
  startBenchWorker,
  startWebhookReceiver,
  stopProcess,
  usageEighthsByBatch,
  type WalletPlan,
} from './ingest-wallet-round';

/**
 * `npm run bench:ingest [-- --batches 200 --connections 4 --subscriptions 50 --rounds 2 --wallet-rounds 1 --profile
 * <dir>]`: usage ingestion through the real API on this machine, against the same rows written straight into
 * PostgreSQL.
 *
 * It starts its own API process as production runs it (`api/main.ts`, NODE_ENV=production, on the configured
 * database, migrated here; the Temporal dev server at TEMPORAL_ADDRESS, or one started here, takes the subscriptions'
 * workflow starts, which no worker runs), registers a tenant, raises that tenant's rate limit with the operator command
 * (`npm run tenant -- set-rate-limit`; the defaults stay as they are), creates two metrics (COUNT, and SUM with a
 * filter), a plan with a charge and `--subscriptions` subscriptions. Each round then:
 *  - API: `--batches` batches of 1,000 events (half COUNT, half SUM with a region) spread over the subscriptions,
 *    sent by `--connections` clients, each sending its next batch when the last was answered; events per second
 *    over the round and the batch latency (p50, p99, max). Bodies are built before the clock starts.
 *  - raw: the same number of rows, in batches of 1,000, inserted by the statement ingestion uses
 *    (`insert … select … from json_to_recordset($1) … on conflict do nothing`) straight on a pg pool with the same
 *    number of connections, each batch its own transaction: the database's own rate for these rows.
 * The ratio API / raw is what the issue's target (at least 0.5) is about. A warm-up round of each is not counted.
 * Each run also prints the CPU time per batch of the API process and of all PostgreSQL processes (from /proc; other
 * work on the same server counts too), which is where a 2-core machine's ceiling comes from.
 *
 * Then `--wallet-rounds` (default 1; 0 skips them) wallet rounds, with a worker process running and the tenant's
 * webhooks going to a local receiver (`runWalletRounds`): a plain round with no wallet, then one with a wallet per
 * customer carrying a low-balance threshold and a THRESHOLD top-up rule; events/s of both, their ratio, and the delay
 * from the answer of the batch that crossed each wallet's balance to its `wallet.depleted` at the receiver.
 */
const EVENTS_PER_BATCH = 1000;
const WARMUP_BATCHES = 20;

interface Options {
  batches: number;
  connections: number;
  subscriptions: number;
  rounds: number;
  /** Rounds of the wallet comparison (a worker running; a plain round, then one with a wallet per customer). */
  walletRounds: number;
  profileDir?: string;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = { batches: 200, connections: 4, subscriptions: 50, rounds: 2, walletRounds: 1 };
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]?.replace(/^--/, '');
    if (name === 'profile') {
      options.profileDir = path.resolve(args[index + 1] ?? 'bench/profiles');
      continue;
    }
    const value = Number(args[index + 1]);
    if (name === 'wallet-rounds' && value === 0) {
      options.walletRounds = 0;
      continue;
    }
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${String(name)} needs a positive whole number`);
    if (name === 'batches') options.batches = value;
    else if (name === 'connections') options.connections = value;
    else if (name === 'subscriptions') options.subscriptions = value;
    else if (name === 'rounds') options.rounds = value;
    else if (name === 'wallet-rounds') options.walletRounds = value;
    else throw new Error(`unknown option --${String(name)}`);
  }
  return options;
}

const ROOT = path.resolve(__dirname, '..');

/** Subscriptions start their workflow at creation: the dev server that `npm run dev` runs, or one started here. */
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

function spawnApi(env: Record<string, string>, nodeFlags: readonly string[]): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(ROOT, 'api/main.ts')], {
    cwd: ROOT,
    env: childProcessEnv(env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function call(origin: string, method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${origin}${route}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** `npm run tenant -- <args>`: the operator command, as an operator would run it. */
function runOperatorCommand(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const command = spawn('npm', ['run', '--silent', 'tenant', '--', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    command.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`npm run tenant exited with ${String(code)}`));
    });
  });
}

interface Subscription {
  id: string;
  customerId: string;
}

async function seedCatalog(origin: string, apiKey: string, count: number): Promise<Subscription[]> {
  await call(origin, 'POST', '/api/billable-metrics', apiKey, {
    name: 'API calls',
    code: 'api_calls',
    aggregationType: 'COUNT',
  });
  const storage = await call(origin, 'POST', '/api/billable-metrics', apiKey, {
    name: 'Storage',
    code: 'storage_gb',
    aggregationType: 'SUM',
    fieldName: 'gb',
    filters: [{ key: 'region', values: ['eu', 'us', 'apac'] }],
  });
  const plan = await call(origin, 'POST', '/api/plans', apiKey, {
    name: 'Metered',
    code: 'metered',
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  });
  await call(origin, 'POST', '/api/charges', apiKey, {
    planId: plan.id,
    billableMetricId: storage.id,
    chargeModel: 'STANDARD',
    amount: 0.02,
  });
  const subscriptions: Subscription[] = [];
  for (let index = 0; index < count; index += 1) {
    const customer = await call(origin, 'POST', '/api/customers', apiKey, {
      externalId: `ingest-${index}`,
      email: `ingest-${index}@example.com`,
      currency: 'USD',
    });
    const subscription = await call(origin, 'POST', '/api/subscriptions', apiKey, {
      customerId: customer.id,
      planId: plan.id,
      currency: 'USD',
    });
    subscriptions.push({ id: String(subscription.id), customerId: String(customer.id) });
  }
  return subscriptions;
}

const REGIONS = ['eu', 'us', 'apac'];

interface BenchEvent {
  transactionId: string;
  subscription: Subscription;
  code: string;
  timestamp: string;
  properties: Record<string, string | number>;
}

/** The events of one batch: every other one COUNT, the rest SUM with a value and a region, round-robin subscriptions. */
function batchEvents(prefix: string, batch: number, subscriptions: readonly Subscription[]): BenchEvent[] {
  const timestamp = new Date().toISOString();
  return Array.from({ length: EVENTS_PER_BATCH }, (_, index) => {
    const n = batch * EVENTS_PER_BATCH + index;
    // Round-robin, shifted by one each lap so that every subscription gets both kinds (with an even count and plain
    // round-robin, half of them would only ever get COUNT events and never spend a wallet's credits).
    const lap = Math.floor(n / subscriptions.length);
    const subscription = subscriptions[(n + lap) % subscriptions.length] ?? { id: '', customerId: '' };
    return index % 2 === 0
      ? { transactionId: `${prefix}-${n}`, subscription, code: 'api_calls', timestamp, properties: { path: '/v1/x' } }
      : {
          transactionId: `${prefix}-${n}`,
          subscription,
          code: 'storage_gb',
          timestamp,
          properties: { gb: (n % 997) / 8, region: REGIONS[n % REGIONS.length] ?? 'eu' },
        };
  });
}

const apiBody = (events: readonly BenchEvent[]) =>
  JSON.stringify({
    events: events.map((event) => ({
      transactionId: event.transactionId,
      subscriptionId: event.subscription.id,
      code: event.code,
      timestamp: event.timestamp,
      properties: event.properties,
    })),
  });

/** The recordset JSON the ingestion statement reads (same keys as services/metering/ingestion/event-store.ts). */
const rawParameter = (events: readonly BenchEvent[]) =>
  JSON.stringify(
    events.map((event, n) => ({
      n,
      i: newId('usageEvent'),
      t: event.transactionId,
      s: event.subscription.id,
      c: event.subscription.customerId,
      k: event.code,
      ts: event.timestamp,
      p: event.properties,
    })),
  );

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by each PostgreSQL server process, by pid. */
function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return byPid;
}

/**
 * CPU seconds PostgreSQL used between two readings: the processes alive at the end (a backend that ended meanwhile
 * took its figures with it), counted from zero when they started meanwhile. Every database's work counts.
 */
function postgresCpuBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Runs `work` and adds the CPU milliseconds per batch the API process and PostgreSQL used meanwhile. */
async function withCpu(
  apiPid: number | undefined,
  batches: number,
  work: () => Promise<Figures>,
): Promise<Figures & { apiCpu: number; postgresCpu: number }> {
  const [api, postgres] = [apiPid === undefined ? 0 : cpuSecondsOf(apiPid), postgresCpuSeconds()];
  const figures = await work();
  const apiCpu = apiPid === undefined ? 0 : cpuSecondsOf(apiPid) - api;
  return {
    ...figures,
    apiCpu: (apiCpu * 1000) / batches,
    postgresCpu: (postgresCpuBetween(postgres, postgresCpuSeconds()) * 1000) / batches,
  };
}

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);

interface Figures {
  /** When each item was answered (performance.now()), by index. */
  answeredAt: number[];
  eventsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** Closed loop: `connections` workers, each taking the next prepared batch when its last one finished. */
async function runClosedLoop<T>(
  items: readonly T[],
  connections: number,
  send: (item: T) => Promise<boolean>,
): Promise<Figures> {
  let next = 0;
  let errors = 0;
  const latencies: number[] = [];
  const answeredAt: number[] = [];
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const started = performance.now();
      const ok = await send(items[index] as T).catch((error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        return false;
      });
      answeredAt[index] = performance.now();
      latencies.push((answeredAt[index] ?? 0) - started);
      if (!ok) errors += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    answeredAt,
    eventsPerSecond: (items.length * EVENTS_PER_BATCH) / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    errors,
  };
}

async function measureApi(origin: string, apiKey: string, bodies: readonly string[], connections: number) {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  try {
    return await runClosedLoop(bodies, connections, async (body) => {
      const response = await pool.request({ method: 'POST', path: '/api/events/batch', headers, body });
      const text = await response.body.text();
      if (response.statusCode !== 201)
        process.stderr.write(`batch answered ${response.statusCode}: ${text.slice(0, 300)}\n`);
      return response.statusCode === 201;
    });
  } finally {
    await pool.close();
  }
}

/** What the raw run uses of pg's pool (pg ships no types here). */
interface PgPool {
  query: (text: string, params: unknown[]) => Promise<{ rowCount: number | null }>;
}

async function measureRaw(orm: Orm, tenantId: string, parameters: readonly string[], connections: number) {
  const pool = (await orm.em.getConnection().getNativeClient()) as unknown as PgPool;
  const table = `"${tenantSchemaName(tenantId)}".events`;
  const statement = `insert into ${table} (id, transaction_id, subscription_id, customer_id, code, timestamp, properties)
    select r.i, r.t, r.s, r.c, r.k, r.ts, r.p
      from json_to_recordset($1::json)
           as r (n integer, i text, t text, s text, c text, k text, ts timestamptz, p jsonb)
     order by r.n
        on conflict (transaction_id) do nothing`;
  return runClosedLoop(parameters, connections, async (parameter) => {
    const result = await pool.query(statement, [parameter]);
    return result.rowCount === EVENTS_PER_BATCH;
  });
}

const format = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

function printRow(
  label: string,
  figures: Figures & { apiCpu: number; postgresCpu: number },
  ratio?: number,
  ratioLabel = 'API/raw',
): void {
  const cells = [
    label.padEnd(16),
    `${Math.round(figures.eventsPerSecond)} events/s`.padStart(18),
    `${format(figures.p50)} ms`.padStart(11),
    `${format(figures.p99)} ms`.padStart(11),
    `${format(figures.max)} ms`.padStart(11),
    String(figures.errors).padStart(7),
    `${format(figures.apiCpu)} ms`.padStart(10),
    `${format(figures.postgresCpu)} ms`.padStart(10),
    ratio === undefined ? '' : `${ratioLabel} ${format(ratio, 2)}`.padStart(20),
  ];
  process.stdout.write(`${cells.join(' ')}\n`);
}

interface WalletBench {
  options: Options;
  origin: string;
  apiKey: string;
  tenantId: string;
  orm: Orm;
  subscriptions: Subscription[];
  apiPid: number | undefined;
  prepare: (prefix: string, count: number) => BenchEvent[][];
}

/**
 * With a worker process running (bench/ingest-wallet-worker.ts: Temporal worker, outbox relay, wallet wakes, wallet
 * usage checks) and the tenant's webhooks going to a local receiver, each wallet round sends `--batches` batches with
 * no ACTIVE wallet (plain), then creates one wallet per customer (planWallets: alerts, a THRESHOLD rule, a balance
 * crossed between 30 % and 80 % of the round) and sends as many batches again: events/s of both and their ratio,
 * and for each wallet the delay from the answer of the batch that crossed its balance to `wallet.depleted` at the
 * receiver (p50, p99, max), with the worker's CPU per batch.
 */
async function runWalletRounds(bench: WalletBench, workerEnv: Record<string, string>): Promise<void> {
  const { options, origin, apiKey, orm, tenantId } = bench;
  const receiver = await startWebhookReceiver();
  await orm.em
    .getConnection()
    .execute('update central.tenants set webhook_url = ? where id = ?', [receiver.url, tenantId], 'run');
  const worker = await startBenchWorker(workerEnv, tenantId);
  // The worker first runs the workflows the seeding started (subscriptions); the plain round starts after that.
  await new Promise((resolve) => setTimeout(resolve, WORKER_SETTLE_MS));
  const workerCpu = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const before = worker.pid === undefined ? 0 : cpuSecondsOf(worker.pid);
    const result = await work();
    const used = worker.pid === undefined ? 0 : cpuSecondsOf(worker.pid) - before;
    return [result, (used * 1000) / options.batches];
  };
  try {
    process.stdout.write(`wallet rounds: worker process running, ${bench.subscriptions.length} customers\n`);
    for (let round = 1; round <= options.walletRounds; round += 1) {
      const plainBodies = bench.prepare(`plain-${round}`, options.batches).map(apiBody);
      const [plain, plainWorkerCpu] = await workerCpu(() =>
        withCpu(bench.apiPid, options.batches, () => measureApi(origin, apiKey, plainBodies, options.connections)),
      );
      const events = bench.prepare(`wallet-${round}`, options.batches);
      const usage = usageEighthsByBatch(
        events.map((batch) => batch.map((event) => ({ ...event, customerId: event.subscription.customerId }))),
      );
      const plans = planWallets({
        customers: bench.subscriptions.map(customerOf),
        openUsageCents: await openUsage(bench),
        usage,
      });
      const walletIds = await createWallets(bench, plans);
      const created = await receiver.waitFor(
        [...walletIds.values()].map((id) => `wallet.created:${id}`),
        60_000,
      );
      if (created.length > 0) process.stderr.write(`${created.length} wallet.created not received\n`);
      const bodies = events.map(apiBody);
      process.stdout.write(`  ${walletIds.size} wallets created; the wallet round runs\n`);
      const [withWallets, walletWorkerCpu] = await workerCpu(() =>
        withCpu(bench.apiPid, options.batches, () => measureApi(origin, apiKey, bodies, options.connections)),
      );
      const depletedKeys = [...walletIds.values()].map((id) => `wallet.depleted:${id}`);
      const missing = await receiver.waitFor(depletedKeys, 120_000);
      printRow(`plain (w${round})`, plain);
      printRow(
        `wallets (w${round})`,
        withWallets,
        withWallets.eventsPerSecond / plain.eventsPerSecond,
        'wallets/plain',
      );
      process.stdout.write(
        `  worker CPU per batch: plain ${format(plainWorkerCpu)} ms, wallets ${format(walletWorkerCpu)} ms\n`,
      );
      const crossed = crossingAnswers({ plans, usage, answeredAt: withWallets.answeredAt });
      const recorded = await depletedRecordedAt(bench);
      reportDepleted({ walletIds, crossed, recorded, arrivals: receiver.firstArrival, missing: missing.length });
      await terminateWallets(bench, [...walletIds.values()]);
    }
  } finally {
    await stopProcess(worker);
    await receiver.close();
  }
}

const WORKER_SETTLE_MS = 10_000;

const customerOf = (subscription: Subscription) => ({
  subscriptionId: subscription.id,
  customerId: subscription.customerId,
});

/** Each customer's usage so far in its open period, in cents (`GET /subscriptions/:id/usage`). */
async function openUsage(bench: WalletBench): Promise<Map<string, number>> {
  const cents = new Map<string, number>();
  for (const subscription of bench.subscriptions) {
    const usage = await call(bench.origin, 'GET', `/api/subscriptions/${subscription.id}/usage`, bench.apiKey);
    cents.set(subscription.customerId, Math.round(Number(usage.amount) * 100));
  }
  return cents;
}

/** Creates the planned wallets; their ids by customer. */
async function createWallets(bench: WalletBench, plans: readonly WalletPlan[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const plan of plans) {
    const wallet = await call(bench.origin, 'POST', '/api/wallets', bench.apiKey, plan.body);
    ids.set(plan.customerId, String(wallet.id));
  }
  return ids;
}

async function terminateWallets(bench: WalletBench, walletIds: readonly string[]): Promise<void> {
  for (const id of walletIds) await call(bench.origin, 'DELETE', `/api/wallets/${id}`, bench.apiKey);
}

/** When each wallet's `wallet.depleted` was recorded in the outbox, as performance.now() of this process. */
async function depletedRecordedAt(bench: WalletBench): Promise<Map<string, number>> {
  const rows = await bench.orm.em.getConnection().execute<{ wallet_id: string; recorded_ms: string }[]>(
    `select data->>'id' as wallet_id, (extract(epoch from created_at) * 1000)::text as recorded_ms
         from "${tenantSchemaName(bench.tenantId)}".webhook_events where event_type = 'wallet.depleted'`,
  );
  // The database's clock and this process's are the same machine's: epoch milliseconds map onto performance.now().
  return new Map(rows.map((row) => [row.wallet_id, Number(row.recorded_ms) - performance.timeOrigin]));
}

const spread = (values: number[]) => {
  const sorted = values.sort((a, b) => a - b);
  const ms = (value: number) => `${format(value, 0)} ms`;
  return `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
};

function reportDepleted(input: {
  walletIds: ReadonlyMap<string, string>;
  crossed: ReadonlyMap<string, number | undefined>;
  recorded: ReadonlyMap<string, number>;
  arrivals: ReadonlyMap<string, number>;
  missing: number;
}): void {
  const delays: number[] = [];
  const checks: number[] = [];
  const deliveries: number[] = [];
  let uncrossed = 0;
  for (const [customerId, walletId] of input.walletIds) {
    const crossedAt = input.crossed.get(customerId);
    const recordedAt = input.recorded.get(walletId);
    const arrived = input.arrivals.get(`wallet.depleted:${walletId}`);
    if (crossedAt === undefined) uncrossed += 1;
    else if (arrived !== undefined) delays.push(arrived - crossedAt);
    if (crossedAt !== undefined && recordedAt !== undefined) checks.push(recordedAt - crossedAt);
    if (recordedAt !== undefined && arrived !== undefined) deliveries.push(arrived - recordedAt);
  }
  process.stdout.write(
    `  crossing batch answered → wallet.depleted received: ${delays.length} wallets, ${spread(delays)}\n` +
      `    of which answered → recorded (the usage check): ${spread(checks)}\n` +
      `    and recorded → received (relay, delivery workflow, HTTP): ${spread(deliveries)}` +
      (input.missing > 0 ? `; ${input.missing} not received within 120 s` : '') +
      (uncrossed > 0 ? `; ${uncrossed} never crossed by the round's usage` : '') +
      '\n',
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench' });
  await ensureDatabaseExists(config.databaseUrl);
  await migrateAll({ config, logger });
  const temporalServer = await ensureTemporal(config);
  const apiPort = await findFreePort();
  const processEnv = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporal.address,
    // A task queue of its own: the wallet round's worker runs this run's workflows, no other worker does.
    TEMPORAL_TASK_QUEUE: `bench-ingest-${randomBytes(6).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const api = spawnApi(
    { ...processEnv, NODE_ENV: 'production', PORT: String(apiPort) },
    options.profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`],
  );
  const orm = await createOrm(config, { poolMax: options.connections });
  try {
    await waitForPort({ host: '127.0.0.1', port: apiPort, timeoutMs: 60_000 });
    const origin = `http://127.0.0.1:${apiPort}`;
    const registration = await call(origin, 'POST', '/api/auth/register', null, {
      name: 'Bench Owner',
      email: `ingest-${process.pid}-${Math.round(performance.now())}@example.com`,
      password: 'correct horse battery staple',
      companyName: 'Bench Company',
    });
    const apiKey = String(registration.apiKey);
    const tenantId = (registration.tenant as { id: string }).id;
    await runOperatorCommand(['set-rate-limit', tenantId, '100000000']);
    const subscriptions = await seedCatalog(origin, apiKey, options.subscriptions);
    process.stdout.write(
      `bench:ingest ${JSON.stringify(options)} on Node ${process.version}: batches of ${EVENTS_PER_BATCH} events ` +
        `over ${subscriptions.length} subscriptions\n`,
    );
    process.stdout.write(
      `${['run'.padEnd(14), 'throughput'.padStart(18), 'p50'.padStart(11), 'p99'.padStart(11), 'max'.padStart(11), 'errors'.padStart(7), 'API CPU'.padStart(10), 'PG CPU'.padStart(10)].join(' ')}\n`,
    );
    const prepare = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, batch) => batchEvents(prefix, batch, subscriptions));
    await measureApi(origin, apiKey, prepare('warm-api', WARMUP_BATCHES).map(apiBody), options.connections);
    await measureRaw(orm, tenantId, prepare('warm-raw', WARMUP_BATCHES).map(rawParameter), options.connections);
    for (let round = 1; round <= options.rounds; round += 1) {
      const bodies = prepare(`api-${round}`, options.batches).map(apiBody);
      const viaApi = await withCpu(api.pid, options.batches, () =>
        measureApi(origin, apiKey, bodies, options.connections),
      );
      const parameters = prepare(`raw-${round}`, options.batches).map(rawParameter);
      const raw = await withCpu(undefined, options.batches, () =>
        measureRaw(orm, tenantId, parameters, options.connections),
      );
      printRow(`API (${round})`, viaApi, viaApi.eventsPerSecond / raw.eventsPerSecond);
      printRow(`raw SQL (${round})`, raw);
    }
    if (options.walletRounds > 0) {
      const bench = { options, origin, apiKey, tenantId, orm, subscriptions, apiPid: api.pid, prepare };
      await runWalletRounds(bench, { ...processEnv, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    }
  } finally {
    await orm.close();
    api.kill('SIGTERM');
    // A CPU profile is written as the API exits.
    await new Promise((resolve) => api.once('exit', resolve));
    await temporalServer?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
