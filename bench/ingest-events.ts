import path from 'node:path';
import { Pool } from 'undici';
import { newId } from '../infra/ids';
import { loadConfig } from '../infra/config';
import { createOrm, type Orm } from '../infra/db/orm';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { createLogger } from '../infra/logger';
import { createBenchDatabase } from './bench-database';
import {
  crossingAnswers,
  planWallets,
  startBenchWorker,
  startWebhookReceiver,
  usageEighthsByBatch,
  type WalletPlan,
} from './ingest-wallet-round';
import { apiSession, type ApiSession } from './support/api-calls';
import { integerOption, rejectUnknownOptions, stringOption } from './support/command-options';
import { benchProcessEnv, PRODUCTION_API_HEAP_FLAG, startApiProcesses } from './support/api-processes';
import { registerBenchTenant, setTenantRateLimit } from './support/bench-tenant';
import { seedMeteredPlan, seedSubscriptions, type SeededSubscription } from './support/catalog-seed';
import { stopProcess } from './support/child-processes';
import { ensureTemporal } from './support/ensure-temporal';
import { runBench } from './support/run-bench';
import { loadAverage } from './support/load-average';
import { formatFigure, percentile } from './support/percentiles';
import { cpuSecondsOf, cpuSecondsOfAll, postgresCpuBetween, postgresCpuSeconds } from './support/process-cpu';

/**
 * `npm run bench:ingest [-- --batches 200 --connections 4 --subscriptions 50 --rounds 2 --wallet-rounds 1
 * --api-processes 1 --profile <dir>]`: usage ingestion through the real API on this machine, against the same rows
 * written straight into PostgreSQL.
 *
 * It starts `--api-processes` API processes as production runs them (`api/main.ts`, NODE_ENV=production, on a
 * database of its own, `billing_bench_…`, dropped at the end; the Temporal dev server at TEMPORAL_ADDRESS, or one
 * started here, takes the subscriptions' workflow starts, which no worker runs), registers a tenant, raises that tenant's rate limit with the operator command
 * (`npm run tenant -- set-rate-limit`; the defaults stay as they are), creates two metrics (COUNT, and SUM with a
 * filter), a plan with a charge and `--subscriptions` subscriptions. Each round then:
 *  - API: `--batches` batches of 1,000 events (half COUNT, half SUM with a region) spread over the subscriptions,
 *    sent by `--connections` clients, each sending its next batch when the last was answered; events per second
 *    over the round and the batch latency (p50, p99, max). Bodies are built before the clock starts. With more than
 *    one API process the batches go round-robin to every process, and each round also sends as many through the
 *    first process alone (the two in turn, first one then the other), so the scaling is a ratio within one run.
 *  - raw: the same number of rows, in batches of 1,000, inserted by the statement ingestion uses
 *    (`insert … select … from json_to_recordset($1) … on conflict do nothing`) straight on a pg pool with the same
 *    number of connections, each batch its own transaction: the database's own rate for these rows.
 * The ratio API / raw is what the issue's target (at least 0.5) is about. A warm-up round of each is not counted.
 * Each run also prints the CPU time per batch of the API processes (summed) and of all PostgreSQL processes (from /proc; other
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
  /** API processes the batches are spread over, round-robin (`--api-processes`). */
  apiProcesses: number;
  profileDir?: string;
}

const INTEGER_OPTIONS = ['batches', 'connections', 'subscriptions', 'rounds', 'wallet-rounds', 'api-processes'];

function parseOptions(args: readonly string[]): Options {
  rejectUnknownOptions(args, { values: [...INTEGER_OPTIONS, 'profile'] });
  const profile = stringOption(args, 'profile');
  return {
    batches: integerOption(args, 'batches', 200),
    connections: integerOption(args, 'connections', 4),
    subscriptions: integerOption(args, 'subscriptions', 50),
    rounds: integerOption(args, 'rounds', 2),
    walletRounds: integerOption(args, 'wallet-rounds', 1, 0),
    apiProcesses: integerOption(args, 'api-processes', 1),
    ...(profile === undefined ? {} : { profileDir: path.resolve(profile) }),
  };
}

type Subscription = SeededSubscription;
type Session = ApiSession;

/** The two metrics (COUNT, and SUM with a region filter priced on the plan) and the subscriptions. */
async function seedCatalog(api: Session, count: number): Promise<Subscription[]> {
  const planId = await seedMeteredPlan(api);
  const storage = await api.post('/api/billable-metrics', {
    name: 'Storage',
    code: 'storage_gb',
    aggregationType: 'SUM',
    fieldName: 'gb',
    filters: [{ key: 'region', values: ['eu', 'us', 'apac'] }],
  });
  await api.post('/api/charges', { planId, billableMetricId: storage.id, chargeModel: 'STANDARD', amount: 0.02 });
  return seedSubscriptions({ api, planId, count, label: 'ingest' });
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

/** Runs `work` and adds the CPU milliseconds per batch the API processes (summed) and PostgreSQL used meanwhile. */
async function withCpu(
  apiPids: readonly (number | undefined)[],
  batches: number,
  work: () => Promise<Figures>,
): Promise<Figures & { apiCpu: number; postgresCpu: number }> {
  const [api, postgres] = [cpuSecondsOfAll(apiPids), postgresCpuSeconds()];
  const figures = await work();
  const apiCpu = cpuSecondsOfAll(apiPids) - api;
  return {
    ...figures,
    apiCpu: (apiCpu * 1000) / batches,
    postgresCpu: (postgresCpuBetween(postgres, postgresCpuSeconds()) * 1000) / batches,
  };
}

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
  send: (item: T, index: number) => Promise<boolean>,
): Promise<Figures> {
  let next = 0;
  let errors = 0;
  const latencies: number[] = [];
  const answeredAt: number[] = [];
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const started = performance.now();
      const ok = await send(items[index] as T, index).catch((error: unknown) => {
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

/**
 * The batches through the API, batch i to origin i mod n (round-robin over the processes), `connections` clients in
 * all, each with a connection to every process.
 */
async function measureApi(origins: readonly string[], apiKey: string, bodies: readonly string[], connections: number) {
  const pools = origins.map((origin) => new Pool(origin, { connections, pipelining: 1 }));
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  try {
    return await runClosedLoop(bodies, connections, async (body, index) => {
      const pool = pools[index % pools.length] as Pool;
      const response = await pool.request({ method: 'POST', path: '/api/events/batch', headers, body });
      const text = await response.body.text();
      if (response.statusCode !== 201)
        process.stderr.write(`batch answered ${response.statusCode}: ${text.slice(0, 300)}\n`);
      return response.statusCode === 201;
    });
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
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

const format = formatFigure;

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
  /** Every API process (the batches go round-robin); `api` calls the first. */
  origins: string[];
  api: Session;
  apiKey: string;
  tenantId: string;
  orm: Orm;
  subscriptions: Subscription[];
  apiPids: (number | undefined)[];
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
/** With `--profile`, each API process and the wallet round's worker write a CPU profile there as they exit. */
function profileFlags(options: Pick<Options, 'profileDir'>): string[] {
  return options.profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`];
}

async function runWalletRounds(bench: WalletBench, workerEnv: Record<string, string>): Promise<void> {
  const { options, origins, apiKey, orm, tenantId } = bench;
  const receiver = await startWebhookReceiver();
  await orm.em
    .getConnection()
    .execute('update central.tenants set webhook_url = ? where id = ?', [receiver.url, tenantId], 'run');
  const worker = await startBenchWorker(workerEnv, tenantId, profileFlags(options));
  // The worker first runs the workflows the seeding started (subscriptions); the plain round starts after that.
  await new Promise((resolve) => setTimeout(resolve, WORKER_SETTLE_MS));
  const workerCpu = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const before = cpuSecondsOf(worker.pid);
    const result = await work();
    const used = cpuSecondsOf(worker.pid) - before;
    return [result, (used * 1000) / options.batches];
  };
  try {
    process.stdout.write(`wallet rounds: worker process running, ${bench.subscriptions.length} customers\n`);
    for (let round = 1; round <= options.walletRounds; round += 1) {
      const plainBodies = bench.prepare(`plain-${round}`, options.batches).map(apiBody);
      const [plain, plainWorkerCpu] = await workerCpu(() =>
        withCpu(bench.apiPids, options.batches, () => measureApi(origins, apiKey, plainBodies, options.connections)),
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
      const roundStartedAt = new Date();
      const [withWallets, walletWorkerCpu] = await workerCpu(() =>
        withCpu(bench.apiPids, options.batches, () => measureApi(origins, apiKey, bodies, options.connections)),
      );
      const depletedKeys = [...walletIds.values()].map((id) => `wallet.depleted:${id}`);
      const missing = await receiver.waitFor(depletedKeys, 120_000);
      const recordedInRound = await eventsRecordedSince(bench, roundStartedAt);
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
      const outbox = await depletedOutboxTimes(bench);
      reportDepleted({ walletIds, crossed, outbox, arrivals: receiver.firstArrival, missing: missing.length });
      process.stdout.write(`  events recorded for delivery from the round's start: ${recordedInRound}\n`);
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
    const usage = await bench.api.get(`/api/subscriptions/${subscription.id}/usage`);
    cents.set(subscription.customerId, Math.round(Number(usage.amount) * 100));
  }
  return cents;
}

/** Creates the planned wallets; their ids by customer. */
async function createWallets(bench: WalletBench, plans: readonly WalletPlan[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const plan of plans) {
    const wallet = await bench.api.post('/api/wallets', plan.body);
    ids.set(plan.customerId, String(wallet.id));
  }
  return ids;
}

async function terminateWallets(bench: WalletBench, walletIds: readonly string[]): Promise<void> {
  for (const id of walletIds) await bench.api.delete(`/api/wallets/${id}`);
}

interface OutboxTimes {
  /** When each wallet's `wallet.depleted` was recorded in the outbox, as performance.now() of this process. */
  recorded: Map<string, number>;
  /** When the relay had started its delivery workflow (`dispatched_at`), likewise. */
  dispatched: Map<string, number>;
}

async function depletedOutboxTimes(bench: WalletBench): Promise<OutboxTimes> {
  const rows = await bench.orm.em
    .getConnection()
    .execute<{ wallet_id: string; recorded_ms: string; dispatched_ms: string | null }[]>(
      `select data->>'id' as wallet_id, (extract(epoch from created_at) * 1000)::text as recorded_ms,
              (extract(epoch from dispatched_at) * 1000)::text as dispatched_ms
         from "${tenantSchemaName(bench.tenantId)}".webhook_events where event_type = 'wallet.depleted'`,
    );
  // The database's clock and this process's are the same machine's: epoch milliseconds map onto performance.now().
  const toNow = (epochMs: string) => Number(epochMs) - performance.timeOrigin;
  return {
    recorded: new Map(rows.map((row) => [row.wallet_id, toNow(row.recorded_ms)])),
    dispatched: new Map(
      rows.flatMap((row) => (row.dispatched_ms === null ? [] : [[row.wallet_id, toNow(row.dispatched_ms)] as const])),
    ),
  };
}

/** The tenant's webhook events recorded since `since`, by type: what the worker had to deliver for the round. */
async function eventsRecordedSince(bench: WalletBench, since: Date): Promise<string> {
  const rows = await bench.orm.em.getConnection().execute<{ event_type: string; count: string }[]>(
    `select event_type, count(*)::text as count from "${tenantSchemaName(bench.tenantId)}".webhook_events
        where created_at >= ? group by event_type order by count(*) desc, event_type`,
    [since],
  );
  const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
  return `${total} (${rows.map((row) => `${row.event_type} ${row.count}`).join(', ')})`;
}

const spread = (values: number[]) => {
  const sorted = values.sort((a, b) => a - b);
  const ms = (value: number) => `${format(value, 0)} ms`;
  return `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
};

function reportDepleted(input: {
  walletIds: ReadonlyMap<string, string>;
  crossed: ReadonlyMap<string, number | undefined>;
  outbox: OutboxTimes;
  arrivals: ReadonlyMap<string, number>;
  missing: number;
}): void {
  const delays: number[] = [];
  const checks: number[] = [];
  const deliveries: number[] = [];
  const relays: number[] = [];
  let uncrossed = 0;
  for (const [customerId, walletId] of input.walletIds) {
    const crossedAt = input.crossed.get(customerId);
    const recordedAt = input.outbox.recorded.get(walletId);
    const dispatchedAt = input.outbox.dispatched.get(walletId);
    const arrived = input.arrivals.get(`wallet.depleted:${walletId}`);
    if (crossedAt === undefined) uncrossed += 1;
    else if (arrived !== undefined) delays.push(arrived - crossedAt);
    if (crossedAt !== undefined && recordedAt !== undefined) checks.push(recordedAt - crossedAt);
    if (recordedAt !== undefined && arrived !== undefined) deliveries.push(arrived - recordedAt);
    if (recordedAt !== undefined && dispatchedAt !== undefined) relays.push(dispatchedAt - recordedAt);
  }
  process.stdout.write(
    `  crossing batch answered → wallet.depleted received: ${delays.length} wallets, ${spread(delays)}\n` +
      `    of which answered → recorded (the usage check): ${spread(checks)}\n` +
      `    and recorded → received (relay, delivery workflow, HTTP): ${spread(deliveries)}` +
      (input.missing > 0 ? `; ${input.missing} not received within 120 s` : '') +
      (uncrossed > 0 ? `; ${uncrossed} never crossed by the round's usage` : '') +
      '\n' +
      `      of which recorded → delivery workflow started (the relay): ${spread(relays)}\n`,
  );
}

interface Rounds {
  options: Options;
  origins: string[];
  apiPids: (number | undefined)[];
  apiKey: string;
  tenantId: string;
  orm: Orm;
  prepare: (prefix: string, count: number) => BenchEvent[][];
}

/**
 * Each round: the batches through every API process and, with more than one, as many through the first alone (the
 * two in turn, so neither always runs on the warmer or the quieter machine), then the raw inserts.
 */
async function runRounds(bench: Rounds): Promise<void> {
  const { options, origins, apiKey, apiPids } = bench;
  const viaApi = (label: string, through: readonly string[]) => {
    const bodies = bench.prepare(label, options.batches).map(apiBody);
    return withCpu(apiPids, options.batches, () => measureApi(through, apiKey, bodies, options.connections));
  };
  for (let round = 1; round <= options.rounds; round += 1) {
    const single = origins.length === 1 ? undefined : origins.slice(0, 1);
    const firstSingle = single !== undefined && round % 2 === 1 ? await viaApi(`api-one-${round}`, single) : undefined;
    const all = await viaApi(`api-${round}`, origins);
    const lastSingle = single !== undefined && round % 2 === 0 ? await viaApi(`api-one-${round}`, single) : undefined;
    const parameters = bench.prepare(`raw-${round}`, options.batches).map(rawParameter);
    const raw = await withCpu([], options.batches, () =>
      measureRaw(bench.orm, bench.tenantId, parameters, options.connections),
    );
    const one = firstSingle ?? lastSingle;
    if (one !== undefined) printRow(`API x1 (${round})`, one, one.eventsPerSecond / raw.eventsPerSecond);
    printRow(`API x${origins.length} (${round})`, all, all.eventsPerSecond / raw.eventsPerSecond);
    if (one !== undefined)
      process.stdout.write(
        `  ${origins.length} processes / 1: ${format(all.eventsPerSecond / one.eventsPerSecond, 2)}\n`,
      );
    printRow(`raw SQL (${round})`, raw);
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const logger = createLogger({ level: 'warn', name: 'bench' });
  const database = await createBenchDatabase(loadConfig(), logger);
  const { config } = database;
  const temporalServer = await ensureTemporal(config);
  // A task queue of its own: the wallet round's worker runs this run's workflows, no other worker does.
  const processEnv = benchProcessEnv(config, 'ingest');
  const profile = profileFlags(options);
  const apis = await startApiProcesses({
    env: processEnv,
    count: options.apiProcesses,
    nodeFlags: [PRODUCTION_API_HEAP_FLAG, ...profile],
  }).catch(async (error: unknown) => {
    await temporalServer?.stop();
    await database.drop();
    throw error;
  });
  const orm = await createOrm(config, { poolMax: options.connections });
  try {
    const origins = apis.origins;
    const tenant = await registerBenchTenant(origins[0] ?? '', 'ingest');
    await setTenantRateLimit({ databaseUrl: config.databaseUrl, tenantId: tenant.id, perMinute: 100_000_000 });
    const api = apiSession(origins[0] ?? '', tenant.apiKey);
    const subscriptions = await seedCatalog(api, options.subscriptions);
    process.stdout.write(
      `bench:ingest ${JSON.stringify(options)} on Node ${process.version}: batches of ${EVENTS_PER_BATCH} events ` +
        `over ${subscriptions.length} subscriptions, ${origins.length} API process(es); load average before: ` +
        `${loadAverage()}\n`,
    );
    process.stdout.write(
      `${['run'.padEnd(16), 'throughput'.padStart(18), 'p50'.padStart(11), 'p99'.padStart(11), 'max'.padStart(11), 'errors'.padStart(7), 'API CPU'.padStart(10), 'PG CPU'.padStart(10)].join(' ')}\n`,
    );
    const prepare = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, batch) => batchEvents(prefix, batch, subscriptions));
    await measureApi(origins, tenant.apiKey, prepare('warm-api', WARMUP_BATCHES).map(apiBody), options.connections);
    await measureRaw(orm, tenant.id, prepare('warm-raw', WARMUP_BATCHES).map(rawParameter), options.connections);
    const apiPids = apis.processes.map((child) => child.pid);
    const bench = { options, origins, apiKey: tenant.apiKey, tenantId: tenant.id, orm, apiPids, prepare };
    await runRounds(bench);
    if (options.walletRounds > 0) {
      await runWalletRounds({ ...bench, api, subscriptions }, { ...processEnv, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    }
    process.stdout.write(`load average after: ${loadAverage()}\n`);
  } finally {
    await orm.close();
    // A CPU profile is written as each API process exits.
    await apis.stop();
    await temporalServer?.stop();
    await database.drop();
  }
}

runBench(main);
