import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { loadConfig } from '../infra/config';
import { createLogger } from '../infra/logger';
import { createBenchDatabase } from './bench-database';
import { apiSession } from './support/api-calls';
import { integerOption, rejectUnknownOptions } from './support/command-options';
import { benchProcessEnv, startApiProcesses } from './support/api-processes';
import { registerBenchTenant, setTenantRateLimit, type BenchTenant } from './support/bench-tenant';
import { seedMeteredPlan, seedSubscriptions } from './support/catalog-seed';
import { ensureTemporal } from './support/ensure-temporal';
import { loadAverage } from './support/load-average';
import { runOpenLoop } from './support/open-loop';
import { percentile } from './support/percentiles';
import { runBench } from './support/run-bench';

/**
 * `npm run bench:api-mixed [-- --api-processes 2 --rate 200 --seconds 20 --over 50]`: every list route (the GET of
 * each collection with `?limit=100`) and `POST /events/batch` (100 events a batch) under one mixed, evenly paced load,
 * spread round-robin over `--api-processes` API processes (`api/main.ts`, as production runs it) on ports of their own
 * against one database of the bench's own (`billing_bench_…`, dropped at the end). Prints p50/p99 per route and the
 * total completed requests per second. Then the rate limit across the processes: a second tenant gets a limit of
 * 100 requests a minute (`npm run tenant -- set-rate-limit`), and 100 + `--over` requests are sent alternately to every
 * process within one minute's window; the count of 429 answers must equal `--over` exactly.
 */

const CONNECTIONS = 64;
const LIMIT_PER_MINUTE = 100;
const BATCH_EVENTS = 100;
const SUBSCRIPTIONS = 20;

type Options = ReturnType<typeof parseOptions>;

function parseOptions(args: readonly string[]) {
  rejectUnknownOptions(args, { values: ['api-processes', 'rate', 'seconds', 'over'] });
  return {
    apiProcesses: integerOption(args, 'api-processes', 1),
    rate: integerOption(args, 'rate', 200),
    seconds: integerOption(args, 'seconds', 20),
    over: integerOption(args, 'over', 50),
  };
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  token: 'apiKey' | 'accessToken';
  body?: () => string;
  expectStatus: number;
}

// Tenant management routes take the login's access token, not an API key.
const LIST_ROUTES = [
  ...[
    '/api/customers',
    '/api/plans',
    '/api/billable-metrics',
    '/api/charges',
    '/api/payment-providers',
    '/api/coupons',
    '/api/wallets',
    '/api/add-ons',
    '/api/add-ons/applied/list',
    '/api/subscriptions',
    '/api/credit-notes',
    '/api/invoices',
    '/api/payments',
    '/api/test-clocks',
  ].map((path) => ({ path, token: 'apiKey' as const })),
  ...['/api/tenants/me/api-keys', '/api/tenants/me/webhook-events'].map((path) => ({
    path,
    token: 'accessToken' as const,
  })),
];

function targets(subscriptionIds: readonly string[]): Target[] {
  let batch = 0;
  const run = randomBytes(3).toString('hex');
  const eventsBody = () => {
    batch += 1;
    const events = Array.from({ length: BATCH_EVENTS }, (_, n) => ({
      transactionId: `mixed-${run}-${batch}-${n}`,
      subscriptionId: subscriptionIds[n % subscriptionIds.length],
      code: 'api_calls',
    }));
    return JSON.stringify({ events });
  };
  return [
    ...LIST_ROUTES.map(({ path, token }): Target => ({
      name: `GET ${path.replace('/api', '')}`,
      method: 'GET',
      path: `${path}?limit=100`,
      token,
      expectStatus: 200,
    })),
    {
      name: `POST /events/batch (${BATCH_EVENTS})`,
      method: 'POST',
      path: '/api/events/batch',
      token: 'apiKey',
      body: eventsBody,
      expectStatus: 201,
    },
  ];
}

async function send(pool: Pool, target: Target, tenant: BenchTenant): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${tenant[target.token]}` };
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  const response = await pool.request({
    method: target.method,
    path: target.path,
    headers,
    ...(target.body === undefined ? {} : { body: target.body() }),
  });
  await response.body.dump();
  return response.statusCode;
}

/** The open loop (`runOpenLoop`) over the routes in turn and the processes in turn. */
async function mixedLoad(origins: readonly string[], routes: readonly Target[], tenant: BenchTenant, options: Options) {
  const pools = origins.map((origin) => new Pool(origin, { connections: CONNECTIONS, pipelining: 1 }));
  const total = options.rate * options.seconds;
  const routeOf = (index: number) => routes[index % routes.length] as Target;
  const run = await runOpenLoop({
    rate: options.rate,
    count: total,
    send: async (index) => {
      const route = routeOf(index);
      return (await send(pools[index % pools.length] as Pool, route, tenant)) === route.expectStatus;
    },
  });
  await Promise.all(pools.map((pool) => pool.close()));
  const latencies = new Map<string, number[]>(routes.map((route) => [route.name, []]));
  const errors = new Map<string, number>(routes.map((route) => [route.name, 0]));
  run.latencies.forEach((latency, index) => {
    const { name } = routeOf(index);
    latencies.get(name)?.push(latency);
    if (run.failed[index] === true) errors.set(name, (errors.get(name) ?? 0) + 1);
  });
  return { latencies, errors, total, seconds: run.seconds };
}

/** LIMIT_PER_MINUTE + over requests alternately to every process, within one minute's window: how many were 429. */
async function rateLimitAcross(origins: readonly string[], databaseUrl: string, over: number) {
  const tenant = await registerBenchTenant(origins[0] ?? '', 'limit');
  await setTenantRateLimit({ databaseUrl, tenantId: tenant.id, perMinute: LIMIT_PER_MINUTE });
  // Windows are whole minutes on the database's clock: start early in one so the burst does not straddle two.
  const secondsIntoMinute = new Date().getUTCSeconds();
  if (secondsIntoMinute > 30) await new Promise((resolve) => setTimeout(resolve, (61 - secondsIntoMinute) * 1000));
  const pools = origins.map((origin) => new Pool(origin, { connections: 10, pipelining: 1 }));
  const target: Target = {
    name: 'limit',
    method: 'GET',
    path: '/api/plans?limit=1',
    token: 'apiKey',
    expectStatus: 200,
  };
  const statuses = await Promise.all(
    Array.from({ length: LIMIT_PER_MINUTE + over }, (_, index) =>
      send(pools[index % pools.length] as Pool, target, tenant),
    ),
  );
  await Promise.all(pools.map((pool) => pool.close()));
  return {
    ok: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 429).length,
    other: statuses.filter((status) => status !== 200 && status !== 429).length,
  };
}

function printFigures(figures: Awaited<ReturnType<typeof mixedLoad>>): void {
  const all: number[] = [];
  const row = (cells: string[]) => process.stdout.write(`${cells.join(' ')}\n`);
  row(['route'.padEnd(36), 'p50'.padStart(10), 'p99'.padStart(10), 'errors'.padStart(10)]);
  for (const [name, values] of figures.latencies) {
    const sorted = values.sort((a, b) => a - b);
    all.push(...sorted);
    row([
      name.padEnd(36),
      `${percentile(sorted, 0.5).toFixed(1)} ms`.padStart(10),
      `${percentile(sorted, 0.99).toFixed(1)} ms`.padStart(10),
      `${figures.errors.get(name) ?? 0}/${sorted.length}`.padStart(10),
    ]);
  }
  const sorted = all.sort((a, b) => a - b);
  row([
    'all routes'.padEnd(36),
    `${percentile(sorted, 0.5).toFixed(1)} ms`.padStart(10),
    `${percentile(sorted, 0.99).toFixed(1)} ms`.padStart(10),
    `${[...figures.errors.values()].reduce((a, b) => a + b, 0)}/${sorted.length}`.padStart(10),
  ]);
  process.stdout.write(`total: ${(figures.total / figures.seconds).toFixed(1)} req/s completed\n`);
}

/** The mixed load, then the rate limit across the processes, printed with the load average around them. */
async function measure(options: Options, origins: string[], databaseUrl: string): Promise<void> {
  const tenant = await registerBenchTenant(origins[0] ?? '', 'mixed');
  await setTenantRateLimit({ databaseUrl, tenantId: tenant.id, perMinute: 100_000_000 });
  const api = apiSession(origins[0] ?? '', tenant.apiKey);
  const planId = await seedMeteredPlan(api);
  const subscriptions = await seedSubscriptions({ api, planId, count: SUBSCRIPTIONS, label: 'mixed' });
  process.stdout.write(
    `bench:api-mixed ${JSON.stringify(options)} on Node ${process.version}; load average before: ${loadAverage()}\n`,
  );
  printFigures(await mixedLoad(origins, targets(subscriptions.map(({ id }) => id)), tenant, options));
  const limit = await rateLimitAcross(origins, databaseUrl, options.over);
  process.stdout.write(
    `rate limit ${LIMIT_PER_MINUTE}/min across ${origins.length} process(es): ${LIMIT_PER_MINUTE + options.over} ` +
      `sent, ${limit.ok} answered 200, ${limit.refused} answered 429 (expected ${options.over}), ${limit.other} other: ` +
      `${limit.ok === LIMIT_PER_MINUTE && limit.refused === options.over ? 'exact' : 'NOT EXACT'}\n` +
      `load average after: ${loadAverage()}\n`,
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const logger = createLogger({ level: 'warn', name: 'bench-api-mixed' });
  const database = await createBenchDatabase(loadConfig(), logger);
  try {
    const temporalServer = await ensureTemporal(database.config);
    try {
      // A task queue no running dev worker polls: the subscriptions' workflows are started, never run.
      const env = benchProcessEnv(database.config, 'api');
      const apis = await startApiProcesses({ env, count: options.apiProcesses });
      try {
        await measure(options, apis.origins, database.config.databaseUrl);
      } finally {
        await apis.stop();
      }
    } finally {
      await temporalServer?.stop();
    }
  } finally {
    await database.drop();
  }
}

runBench(main);
