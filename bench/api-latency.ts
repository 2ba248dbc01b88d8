import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'undici';
import { loadConfig } from '../infra/config';
import { ensureDatabaseExists } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { createLogger } from '../infra/logger';
import { findFreePort, waitForPort } from '../infra/net/wait-for-port';
import { childProcessEnv } from '../test/child-env';

/**
 * `npm run bench:api [-- --rate 500 --seconds 30 --ceiling-seconds 10 --rounds 2 --profile bench/profiles]`: the request path of one API
 * process on this machine. It starts its own API process (`api/main.ts`, on the configured database, migrated here),
 * registers a tenant, raises that tenant's rate limit with the operator command (`npm run tenant`; the defaults stay
 * as they are), seeds a few hundred customers and invoices, then measures per route:
 *  - latency at an evenly paced rate: one request due every 1000/rate ms, each timed from when it was due (so a
 *    stalled generator or server shows up, unlike a fixed-rate tool that sends in bursts): p50, p99, max;
 *  - the ceiling: requests per second that 10 connections, each sending its next request when the last answered,
 *    complete;
 *  - errors (anything but the expected status), and the API's RSS before and after each round.
 * A bare Koa route on the same Node, in a process of its own, gets the same measures for comparison.
 */
const ROUTES_SEEDED = 300;
const CEILING_CONNECTIONS = 10;
// Enough sockets that a paced request never waits for one: at 500 req/s and up to ~100 ms, 50 are in flight.
const PACED_CONNECTIONS = 128;

interface Options {
  /** Directory where the API process writes a V8 CPU profile (`--profile <dir>`), opened in Chrome DevTools. */
  profileDir?: string;
  rate: number;
  seconds: number;
  ceilingSeconds: number;
  rounds: number;
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: () => string;
  body?: () => string;
  expectStatus: number;
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  errors: number;
  ceiling: number;
  ceilingErrors: number;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = { rate: 500, seconds: 30, ceilingSeconds: 10, rounds: 2 };
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]?.replace(/^--/, '');
    if (name === 'profile') {
      options.profileDir = path.resolve(args[index + 1] ?? 'bench/profiles');
      continue;
    }
    const value = Number(args[index + 1]);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${String(name)} needs a positive number`);
    if (name === 'rate') options.rate = value;
    else if (name === 'seconds') options.seconds = value;
    else if (name === 'ceiling-seconds') options.ceilingSeconds = value;
    else if (name === 'rounds') options.rounds = value;
    else throw new Error(`unknown option --${String(name)}`);
  }
  return options;
}

const ROOT = path.resolve(__dirname, '..');

function spawnNode(
  entry: string,
  env: Record<string, string>,
  args: readonly string[] = [],
  nodeFlags: readonly string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: childProcessEnv(env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function rssMegabytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kilobytes / 1024);
}

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);

async function send(pool: Pool, target: Target, headers: Record<string, string>): Promise<boolean> {
  const response = await pool.request({
    method: target.method,
    path: target.path(),
    headers: target.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(target.body === undefined ? {} : { body: target.body() }),
  });
  await response.body.dump();
  return response.statusCode === target.expectStatus;
}

/** Open loop: request i is due at start + i × interval and is timed from then, whatever happened before. */
async function paced(origin: string, target: Target, headers: Record<string, string>, options: Options) {
  const pool = new Pool(origin, { connections: PACED_CONNECTIONS, pipelining: 1 });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let index = 0; index < total; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 0.5));
    while (performance.now() < due) {
      // Spin the last fraction of a millisecond: timers are not that precise.
    }
    inFlight.push(
      send(pool, target, headers).then(
        (ok) => {
          latencies.push(performance.now() - due);
          if (!ok) errors += 1;
        },
        () => {
          latencies.push(performance.now() - due);
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  await pool.close();
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0, sent: total, errors };
}

/** Closed loop: CEILING_CONNECTIONS clients, each sending its next request when the last one answered. */
async function ceiling(origin: string, target: Target, headers: Record<string, string>, seconds: number) {
  const pool = new Pool(origin, { connections: CEILING_CONNECTIONS, pipelining: 1 });
  const end = performance.now() + seconds * 1000;
  let completed = 0;
  let errors = 0;
  const client = async () => {
    while (performance.now() < end) {
      const ok = await send(pool, target, headers).catch(() => false);
      completed += 1;
      if (!ok) errors += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CEILING_CONNECTIONS }, client));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { ceiling: completed / elapsed, ceilingErrors: errors };
}

/** Unmeasured traffic first, so JIT compilation and pool connections are not charged to the paced run. */
const WARMUP_SECONDS = 3;

async function measure(origin: string, target: Target, headers: Record<string, string>, options: Options) {
  await ceiling(origin, target, headers, WARMUP_SECONDS);
  const latency = await paced(origin, target, headers, options);
  const top = await ceiling(origin, target, headers, options.ceilingSeconds);
  return { ...latency, ...top };
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

async function seed(origin: string, apiKey: string): Promise<{ customerIds: string[] }> {
  const customerIds: string[] = [];
  for (let index = 0; index < ROUTES_SEEDED; index += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        call(origin, 'POST', '/api/customers', apiKey, {
          externalId: `bench-${index + offset}`,
          name: `Bench customer ${index + offset}`,
          email: `bench-${index + offset}@example.com`,
          currency: 'USD',
        }),
      ),
    );
    customerIds.push(...batch.map((customer) => String(customer.id)));
  }
  for (let index = 0; index < ROUTES_SEEDED; index += 10) {
    await Promise.all(
      customerIds.slice(index, index + 10).map((customerId) =>
        call(origin, 'POST', '/api/invoices', apiKey, {
          customerId,
          items: [{ description: 'Bench item', quantity: 2, unitAmount: 12.5 }],
        }),
      ),
    );
  }
  return { customerIds };
}

const format = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function printRow(label: string, figures: Figures, rss: string): void {
  const cells = [
    label.padEnd(24),
    `${format(figures.p50)} ms`.padStart(10),
    `${format(figures.p99)} ms`.padStart(10),
    `${format(figures.max)} ms`.padStart(10),
    `${figures.errors}/${figures.sent}`.padStart(12),
    `${Math.round(figures.ceiling)} req/s`.padStart(12),
    String(figures.ceilingErrors).padStart(8),
    rss.padStart(14),
  ];
  process.stdout.write(`${cells.join(' ')}\n`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench' });
  await ensureDatabaseExists(config.databaseUrl);
  await migrateAll({ config, logger });
  const [apiPort, barePort] = [await findFreePort(), await findFreePort()];
  // As in production (no response-schema check, which development runs); its required settings spelled out here.
  const api = spawnNode(
    'api/main.ts',
    {
      NODE_ENV: 'production',
      PORT: String(apiPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: config.databaseUrl,
      TEMPORAL_ADDRESS: config.temporal.address,
      JWT_SECRET: randomBytes(32).toString('base64'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    [],
    options.profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`],
  );
  const bare = spawnNode('bench/bare-koa.ts', {}, [String(barePort)]);
  try {
    await waitForPort({ host: '127.0.0.1', port: apiPort, timeoutMs: 60_000 });
    await waitForPort({ host: '127.0.0.1', port: barePort, timeoutMs: 60_000 });
    const apiOrigin = `http://127.0.0.1:${apiPort}`;
    const registration = await call(apiOrigin, 'POST', '/api/auth/register', null, {
      name: 'Bench Owner',
      email: `bench-${process.pid}-${Math.round(performance.now())}@example.com`,
      password: 'correct horse battery staple',
      companyName: 'Bench Company',
    });
    const apiKey = String(registration.apiKey);
    const tenantId = (registration.tenant as { id: string }).id;
    await runOperatorCommand(['set-rate-limit', tenantId, '100000000']);
    const { customerIds } = await seed(apiOrigin, apiKey);
    let next = 0;
    let created = 0;
    const headers = { authorization: `Bearer ${apiKey}` };
    const targets: Target[] = [
      {
        name: 'GET /customers/:id',
        method: 'GET',
        path: () => `/api/customers/${customerIds[(next += 1) % customerIds.length] ?? ''}`,
        expectStatus: 200,
      },
      { name: 'GET /invoices?limit=20', method: 'GET', path: () => '/api/invoices?limit=20', expectStatus: 200 },
      {
        name: 'POST /customers',
        method: 'POST',
        path: () => '/api/customers',
        body: () =>
          JSON.stringify({
            externalId: `paced-${(created += 1)}`,
            name: 'Paced customer',
            email: 'paced@example.com',
            currency: 'EUR',
          }),
        expectStatus: 201,
      },
    ];
    process.stdout.write(
      `bench:api ${JSON.stringify(options)} on Node ${process.version}, ${ROUTES_SEEDED} customers and invoices\n`,
    );
    process.stdout.write(
      `${['route'.padEnd(24), 'p50'.padStart(10), 'p99'.padStart(10), 'max'.padStart(10), 'errors'.padStart(12), 'ceiling'.padStart(12), 'c.errors'.padStart(8), 'API RSS'.padStart(14)].join(' ')}\n`,
    );
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const target of targets) {
        const before = rssMegabytes(api.pid);
        const figures = await measure(apiOrigin, target, headers, options);
        printRow(`${target.name} (${round})`, figures, `${before}→${rssMegabytes(api.pid)} MB`);
      }
    }
    const bareTarget: Target = { name: 'bare Koa GET', method: 'GET', path: () => '/hello', expectStatus: 200 };
    const before = rssMegabytes(bare.pid);
    const figures = await measure(`http://127.0.0.1:${barePort}`, bareTarget, {}, options);
    printRow(bareTarget.name, figures, `${before}→${rssMegabytes(bare.pid)} MB`);
  } finally {
    bare.kill('SIGTERM');
    api.kill('SIGTERM');
    // The profile is written as the API exits.
    await new Promise((resolve) => api.once('exit', resolve));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
