import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { loadConfig, type Config } from '../infra/config';
import { createLogger } from '../infra/logger';
import { findFreePort, isPortOpen, parseHostPort, waitForPort } from '../infra/net/wait-for-port';
import { startDevServer, type LocalServer } from '../infra/temporal/local-servers';
import { childProcessEnv } from '../test/harness/child-env';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';
import { createBenchDatabase } from './bench-database';

/**
 * `npm run bench:api-mixed [-- --api-processes 2 --rate 200 --seconds 20 --over 50]`: every list route (the GET of
 * each collection with `?limit=100`) and `POST /events/batch` (100 events a batch) under one mixed, evenly paced load,
 * spread round-robin over `--api-processes` API processes (`api/main.ts`, as production runs it) on ports of their own
 * against one database of the bench's own (`billing_bench_…`, dropped at the end). Prints p50/p99 per route and the
 * total completed requests per second. Then the rate limit across the processes: a second tenant gets a limit of
 * 100 requests a minute (`npm run tenant -- set-rate-limit`), and 100 + `--over` requests are sent alternately to every
 * process within one minute's window; the count of 429 answers must equal `--over` exactly.
 */

const ROOT = path.resolve(__dirname, '..');
const CONNECTIONS = 64;
const LIMIT_PER_MINUTE = 100;
const BATCH_EVENTS = 100;
const SUBSCRIPTIONS = 20;

interface Options {
  apiProcesses: number;
  rate: number;
  seconds: number;
  over: number;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = { apiProcesses: 1, rate: 200, seconds: 20, over: 50 };
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]?.replace(/^--/, '');
    const value = Number(args[index + 1]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${String(name)} needs a positive integer`);
    if (name === 'api-processes') options.apiProcesses = value;
    else if (name === 'rate') options.rate = value;
    else if (name === 'seconds') options.seconds = value;
    else if (name === 'over') options.over = value;
    else throw new Error(`unknown option --${String(name)}`);
  }
  return options;
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  token: 'apiKey' | 'accessToken';
  body?: () => string;
  expectStatus: number;
}

const LIST_PATHS = [
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
];
// Tenant management routes take the login's access token, not an API key.
const TENANT_LIST_PATHS = ['/api/tenants/me/api-keys', '/api/tenants/me/webhook-events'];

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

/** `npm run tenant -- <args>` on the bench's database, as an operator would run it. */
function runOperatorCommand(databaseUrl: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const command = spawn('npm', ['run', '--silent', 'tenant', '--', ...args], {
      cwd: ROOT,
      env: childProcessEnv({ DATABASE_URL: databaseUrl }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    command.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`npm run tenant exited with ${String(code)}`));
    });
  });
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

/** The API processes, sharing the signing and encryption keys (a token from one is accepted by the other). */
async function startApis(config: Config, count: number): Promise<{ origins: string[]; processes: ChildProcess[] }> {
  const shared = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporal.address,
    // A task queue no running dev worker polls: the subscriptions' workflows are started, never run.
    TEMPORAL_TASK_QUEUE: `bench-api-${randomBytes(6).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const ports = await Promise.all(Array.from({ length: count }, () => findFreePort()));
  const processes = ports.map((port) =>
    spawn(process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', path.join(ROOT, 'api/main.ts')], {
      cwd: ROOT,
      env: childProcessEnv({ ...shared, PORT: String(port) }),
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  for (const port of ports) await waitForPort({ host: '127.0.0.1', port, timeoutMs: 120_000 });
  return { origins: ports.map((port) => `http://127.0.0.1:${port}`), processes };
}

interface Tenant {
  id: string;
  apiKey: string;
  accessToken: string;
}

async function register(origin: string, label: string): Promise<Tenant> {
  const registration = await call(origin, 'POST', '/api/auth/register', null, {
    name: 'Bench Owner',
    email: `bench-${label}-${process.pid}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery staple',
    companyName: 'Bench Company',
  });
  return {
    id: (registration.tenant as { id: string }).id,
    apiKey: String(registration.apiKey),
    accessToken: String(registration.accessToken),
  };
}

/** A metric, a plan and SUBSCRIPTIONS customers subscribed to it; returns the subscription ids. */
async function seed(origin: string, apiKey: string): Promise<string[]> {
  await call(origin, 'POST', '/api/billable-metrics', apiKey, {
    name: 'API calls',
    code: 'api_calls',
    aggregationType: 'COUNT',
  });
  const plan = await call(origin, 'POST', '/api/plans', apiKey, {
    name: 'Metered',
    code: 'metered',
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  });
  const ids: string[] = [];
  for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
    const customer = await call(origin, 'POST', '/api/customers', apiKey, {
      externalId: `mixed-${index}`,
      email: `mixed-${index}@example.com`,
      currency: 'USD',
    });
    const subscription = await call(origin, 'POST', '/api/subscriptions', apiKey, {
      customerId: customer.id,
      planId: plan.id,
      currency: 'USD',
    });
    ids.push(String(subscription.id));
  }
  return ids;
}

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
    ...LIST_PATHS.map((list): Target => ({
      name: `GET ${list.replace('/api', '')}`,
      method: 'GET',
      path: `${list}?limit=100`,
      token: 'apiKey',
      expectStatus: 200,
    })),
    ...TENANT_LIST_PATHS.map((list): Target => ({
      name: `GET ${list.replace('/api', '')}`,
      method: 'GET',
      path: `${list}?limit=100`,
      token: 'accessToken',
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

async function send(pool: Pool, target: Target, tenant: Tenant): Promise<number> {
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

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);

/** Open loop over the routes in turn and the processes in turn: request i due at start + i / rate, timed from then. */
async function mixedLoad(origins: readonly string[], routes: readonly Target[], tenant: Tenant, options: Options) {
  const pools = origins.map((origin) => new Pool(origin, { connections: CONNECTIONS, pipelining: 1 }));
  const latencies = new Map<string, number[]>(routes.map((route) => [route.name, []]));
  const errors = new Map<string, number>(routes.map((route) => [route.name, 0]));
  const total = options.rate * options.seconds;
  const interval = 1000 / options.rate;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let index = 0; index < total; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 0.5));
    const route = routes[index % routes.length] as Target;
    const pool = pools[index % pools.length] as Pool;
    const done = (ok: boolean) => {
      latencies.get(route.name)?.push(performance.now() - due);
      if (!ok) errors.set(route.name, (errors.get(route.name) ?? 0) + 1);
    };
    inFlight.push(
      send(pool, route, tenant).then(
        (status) => {
          done(status === route.expectStatus);
        },
        () => {
          done(false);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(pools.map((pool) => pool.close()));
  return { latencies, errors, total, seconds };
}

/** LIMIT_PER_MINUTE + over requests alternately to every process, within one minute's window: how many were 429. */
async function rateLimitAcross(origins: readonly string[], databaseUrl: string, over: number) {
  const tenant = await register(origins[0] ?? '', 'limit');
  await runOperatorCommand(databaseUrl, ['set-rate-limit', tenant.id, String(LIMIT_PER_MINUTE)]);
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

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const logger = createLogger({ level: 'warn', name: 'bench-api-mixed' });
  const database = await createBenchDatabase(loadConfig(), logger);
  const temporalServer = await ensureTemporal(database.config);
  const { origins, processes } = await startApis(database.config, options.apiProcesses);
  try {
    const tenant = await register(origins[0] ?? '', 'mixed');
    await runOperatorCommand(database.config.databaseUrl, ['set-rate-limit', tenant.id, '100000000']);
    const subscriptionIds = await seed(origins[0] ?? '', tenant.apiKey);
    process.stdout.write(
      `bench:api-mixed ${JSON.stringify(options)} on Node ${process.version}; load average before: ${load()}\n`,
    );
    printFigures(await mixedLoad(origins, targets(subscriptionIds), tenant, options));
    const limit = await rateLimitAcross(origins, database.config.databaseUrl, options.over);
    process.stdout.write(
      `rate limit ${LIMIT_PER_MINUTE}/min across ${origins.length} process(es): ${LIMIT_PER_MINUTE + options.over} ` +
        `sent, ${limit.ok} answered 200, ${limit.refused} answered 429 (expected ${options.over}), ${limit.other} other: ` +
        `${limit.ok === LIMIT_PER_MINUTE && limit.refused === options.over ? 'exact' : 'NOT EXACT'}\n` +
        `load average after: ${load()}\n`,
    );
  } finally {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(processes.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    await temporalServer?.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
