import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'undici';
import { loadConfig } from '../infra/config';
import { ensureDatabaseExists } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { createOrm } from '../infra/db/orm';
import { sqlOf, type Sql } from '../infra/db/sql';
import { createLogger } from '../infra/logger';
import { findFreePort, waitForPort } from '../infra/net/wait-for-port';
import { connectHeapInspector, type HeapInspector, type MemoryFigures } from './heap-inspector';
import { apiSession } from './support/api-calls';
import { flagOption, integerOption, numberOption, rejectUnknownOptions, stringOption } from './support/command-options';
import { PRODUCTION_API_HEAP_FLAG } from './support/api-processes';
import { registerBenchTenant, setTenantRateLimit } from './support/bench-tenant';
import { spawnTsx, stopProcesses } from './support/child-processes';
import { runOpenLoop } from './support/open-loop';
import { latencySpread } from './support/percentiles';
import { cpuSecondsOf } from './support/process-cpu';
import { runBench } from './support/run-bench';

/**
 * `npm run bench:api [-- --rate 500 --seconds 30 --ceiling-seconds 10 --rounds 2 --profile bench/profiles --memory
 * --heap-snapshots bench/heap --api-node-flags "--max-old-space-size=1024" --only "GET /customers"]`: the request path
 * of one API process on this machine. It starts its own API process (`api/main.ts`, on the configured database,
 * migrated here), registers a tenant, raises that tenant's rate limit with the operator command (`npm run tenant`; the
 * defaults stay as they are), seeds a few hundred customers and invoices, then measures per route:
 *  - latency at an evenly paced rate: one request due every 1000/rate ms, each timed from when it was due (so a
 *    stalled generator or server shows up, unlike a fixed-rate tool that sends in bursts): p50, p99, max;
 *  - the ceiling: requests per second that 10 connections, each sending its next request when the last answered,
 *    complete;
 *  - errors (anything but the expected status), the API's RSS before and after each round, and the CPU time per
 *    request of the API process and of the PostgreSQL backends connected to the database (from `/proc`, over the
 *    paced run and the ceiling: on a shared machine a steadier measure of cost than the ceiling).
 * A bare Koa route on the same Node, in a process of its own, gets the same measures for comparison.
 * `--memory` prints the API's `process.memoryUsage()` and V8 heap spaces before load and after each round, as found and
 * after a full garbage collection, and the peaks sampled during each round (read through the inspector: the API runs
 * with `--inspect` on a local port); `--heap-snapshots <dir>` also writes a heap snapshot at each of those points
 * (`before.heapsnapshot`, `round-1.heapsnapshot`, ...), which `bench/heap-summary.ts` summarises and compares. Both
 * collect garbage between rounds, so they are for finding what memory holds, not for the table's figures.
 * `--api-node-flags` passes Node flags to the API process (heap limits, say); `--only` measures the routes whose name
 * contains the text.
 */
const ROUTES_SEEDED = 300;
const CEILING_CONNECTIONS = 10;
// Enough sockets that a paced request never waits for one: at 500 req/s and up to ~100 ms, 50 are in flight.
const PACED_CONNECTIONS = 128;

interface Options {
  /** Directory where the API process writes a V8 CPU profile (`--profile <dir>`), opened in Chrome DevTools. */
  profileDir?: string;
  /** Print the API's memory breakdown before load and after each round (`--memory`). */
  memory: boolean;
  /** Directory for heap snapshots of the API before load and after each round (`--heap-snapshots <dir>`). */
  heapSnapshotDir?: string;
  /** Only the routes whose name contains this (`--only "GET /customers"`), e.g. to profile one route. */
  only?: string;
  /** Extra Node flags for the API process, space-separated (`--api-node-flags "--max-semi-space-size=16"`). */
  apiNodeFlags: string[];
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
  /** CPU time per request during the paced run and the ceiling, in ms: the measured process's and PostgreSQL's. */
  cpuPerRequest: { process: number; postgres: number };
}

/** CPU seconds used so far by the measured process and by each PostgreSQL backend serving it (by pid). */
type CpuSampler = () => Promise<{ process: number; backends: Map<number, number> }>;

function parseOptions(args: readonly string[]): Options {
  const values = [
    'rate',
    'seconds',
    'ceiling-seconds',
    'rounds',
    'profile',
    'only',
    'api-node-flags',
    'heap-snapshots',
  ];
  rejectUnknownOptions(args, { values, flags: ['memory'] });
  const [profile, only, heapSnapshots] = ['profile', 'only', 'heap-snapshots'].map((name) => stringOption(args, name));
  return {
    rate: numberOption(args, 'rate', 500),
    seconds: numberOption(args, 'seconds', 30),
    ceilingSeconds: numberOption(args, 'ceiling-seconds', 10),
    rounds: integerOption(args, 'rounds', 2),
    memory: flagOption(args, 'memory') || heapSnapshots !== undefined,
    apiNodeFlags: (stringOption(args, 'api-node-flags') ?? '').split(' ').filter((flag) => flag !== ''),
    ...(profile === undefined ? {} : { profileDir: path.resolve(profile) }),
    ...(only === undefined ? {} : { only }),
    ...(heapSnapshots === undefined ? {} : { heapSnapshotDir: path.resolve(heapSnapshots) }),
  };
}

function rssMegabytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kilobytes / 1024);
}

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

/** The open loop at `--rate` for `--seconds` on one route (`runOpenLoop`). */
async function paced(origin: string, target: Target, headers: Record<string, string>, options: Options) {
  const pool = new Pool(origin, { connections: PACED_CONNECTIONS, pipelining: 1 });
  const total = Math.round(options.rate * options.seconds);
  const run = await runOpenLoop({
    rate: options.rate,
    count: total,
    spin: true,
    send: () => send(pool, target, headers),
  });
  await pool.close();
  const errors = run.failed.filter(Boolean).length;
  return { ...latencySpread(run.latencies), sent: total, errors };
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
  return { ceiling: completed / elapsed, ceilingErrors: errors, completed };
}

/** Unmeasured traffic first, so JIT compilation and pool connections are not charged to the paced run. */
const WARMUP_SECONDS = 3;

async function measure(
  origin: string,
  target: Target,
  headers: Record<string, string>,
  options: Options,
  cpu: CpuSampler,
) {
  await ceiling(origin, target, headers, WARMUP_SECONDS);
  const cpuBefore = await cpu();
  const latency = await paced(origin, target, headers, options);
  const top = await ceiling(origin, target, headers, options.ceilingSeconds);
  const cpuAfter = await cpu();
  const requests = latency.sent + top.completed;
  // A backend opened during the measurement counts from zero; one closed before its end is left out.
  let postgres = 0;
  for (const [pid, seconds] of cpuAfter.backends) postgres += seconds - (cpuBefore.backends.get(pid) ?? 0);
  const cpuPerRequest = {
    process: ((cpuAfter.process - cpuBefore.process) * 1000) / requests,
    postgres: (postgres * 1000) / requests,
  };
  return { ...latency, ...top, cpuPerRequest };
}

/**
 * The measured process's CPU, and that of the PostgreSQL backends connected to the bench's database (the API's
 * pool, which stays open through a measurement; a backend that another client opens there is counted too).
 */
function cpuSampler(pid: number | undefined, sql: Sql | undefined): CpuSampler {
  return async () => {
    const backends =
      sql === undefined
        ? []
        : await sql.query<{ pid: number }>(
            `select pid from pg_stat_activity
              where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
          );
    return {
      process: cpuSecondsOf(pid),
      backends: new Map(backends.map((backend) => [backend.pid, cpuSecondsOf(backend.pid)])),
    };
  };
}

async function seed(origin: string, apiKey: string): Promise<{ customerIds: string[] }> {
  const api = apiSession(origin, apiKey);
  const customerIds: string[] = [];
  for (let index = 0; index < ROUTES_SEEDED; index += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        api.post('/api/customers', {
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
        api.post('/api/invoices', {
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
    `${figures.cpuPerRequest.process.toFixed(3)} ms`.padStart(11),
    `${figures.cpuPerRequest.postgres.toFixed(3)} ms`.padStart(11),
  ];
  process.stdout.write(`${cells.join(' ')}\n`);
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function memoryFigures(figures: MemoryFigures): string {
  const spaces = figures.spaces
    .filter((space) => space.size > 0)
    .map((space) => `${space.name.replace(/_space$/, '')} ${megabytes(space.used)}/${megabytes(space.size)}`)
    .join(', ');
  return (
    `rss ${megabytes(figures.rss)}, heap ${megabytes(figures.heapUsed)} used of ${megabytes(figures.heapTotal)}, ` +
    `external ${megabytes(figures.external)} (array buffers ${megabytes(figures.arrayBuffers)}); ` +
    `spaces used/size: ${spaces}`
  );
}

/** The largest figures `inspector.memory()` showed while load ran, sampled every 250 ms. */
interface PeakMemory {
  rss: number;
  heapTotal: number;
  external: number;
  /** Resident memory outside V8's heap spaces and external memory, at the RSS peak. */
  outsideHeapAtRssPeak: number;
  spaces: Map<string, number>;
}

function samplePeakMemory(inspector: HeapInspector): { stop: () => Promise<PeakMemory> } {
  const peak: PeakMemory = { rss: 0, heapTotal: 0, external: 0, outsideHeapAtRssPeak: 0, spaces: new Map() };
  let sampling: Promise<void> = Promise.resolve();
  const sample = async () => {
    const figures = await inspector.memory();
    if (figures.rss > peak.rss) {
      peak.rss = figures.rss;
      peak.outsideHeapAtRssPeak = figures.rss - figures.heapTotal - figures.external;
    }
    peak.heapTotal = Math.max(peak.heapTotal, figures.heapTotal);
    peak.external = Math.max(peak.external, figures.external);
    for (const space of figures.spaces) {
      peak.spaces.set(space.name, Math.max(peak.spaces.get(space.name) ?? 0, space.size));
    }
  };
  const timer = setInterval(() => {
    sampling = sampling.then(sample, sample);
  }, 250);
  return {
    stop: async () => {
      clearInterval(timer);
      await sampling.catch(() => undefined);
      return peak;
    },
  };
}

function peakFigures(peak: PeakMemory): string {
  const spaces = [...peak.spaces]
    .filter(([, size]) => size > 0)
    .map(([name, size]) => `${name.replace(/_space$/, '')} ${megabytes(size)}`)
    .join(', ');
  return (
    `rss ${megabytes(peak.rss)} (outside the heap ${megabytes(peak.outsideHeapAtRssPeak)}), heap size ` +
    `${megabytes(peak.heapTotal)}, external ${megabytes(peak.external)}; space sizes: ${spaces}`
  );
}

/** The API's memory as found, then after a full collection (and its heap snapshot, when asked for). */
async function memoryCheckpoint(
  inspector: HeapInspector,
  label: string,
  options: Options,
  peak?: PeakMemory,
): Promise<string> {
  const found = await inspector.memory();
  await inspector.collectGarbage();
  const collected = await inspector.memory();
  if (options.heapSnapshotDir !== undefined) {
    mkdirSync(options.heapSnapshotDir, { recursive: true });
    await inspector.writeHeapSnapshot(path.join(options.heapSnapshotDir, `${label}.heapsnapshot`));
  }
  return [
    ...(peak === undefined ? [] : [`${label.padEnd(8)}     peak: ${peakFigures(peak)}`]),
    `${label.padEnd(8)} as found: ${memoryFigures(found)}`,
    `${''.padEnd(8)} after GC: ${memoryFigures(collected)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', name: 'bench' });
  await ensureDatabaseExists(config.databaseUrl);
  await migrateAll({ config, logger });
  // The bench's own connection, only to find the PostgreSQL backends whose CPU it charges to the API.
  const benchOrm = await createOrm(config, { poolMax: 1, logger });
  const apiCpu = (pid: number | undefined) => cpuSampler(pid, sqlOf(benchOrm));
  const [apiPort, barePort] = [await findFreePort(), await findFreePort()];
  const inspectorPort = options.memory ? await findFreePort() : undefined;
  const apiNodeFlags = [
    // The heap limit the Dockerfile and compose give the API (production's RSS bound); --api-node-flags adds to it.
    PRODUCTION_API_HEAP_FLAG,
    ...(options.profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`]),
    ...(inspectorPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectorPort}`]),
    ...options.apiNodeFlags,
  ];
  // As in production (no response-schema check, which development runs); its required settings spelled out here.
  const api = spawnTsx('api/main.ts', {
    env: {
      NODE_ENV: 'production',
      PORT: String(apiPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: config.databaseUrl,
      TEMPORAL_ADDRESS: config.temporal.address,
      JWT_SECRET: randomBytes(32).toString('base64'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    nodeFlags: apiNodeFlags,
  });
  const bare = spawnTsx('bench/bare-koa.ts', { args: [String(barePort)] });
  let inspector: HeapInspector | undefined;
  try {
    await waitForPort({ host: '127.0.0.1', port: apiPort, timeoutMs: 60_000 });
    await waitForPort({ host: '127.0.0.1', port: barePort, timeoutMs: 60_000 });
    const apiOrigin = `http://127.0.0.1:${apiPort}`;
    const { id: tenantId, apiKey } = await registerBenchTenant(apiOrigin, 'latency');
    await setTenantRateLimit({ databaseUrl: config.databaseUrl, tenantId, perMinute: 100_000_000 });
    const { customerIds } = await seed(apiOrigin, apiKey);
    if (inspectorPort !== undefined) inspector = await connectHeapInspector(inspectorPort);
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
      `${['route'.padEnd(24), 'p50'.padStart(10), 'p99'.padStart(10), 'max'.padStart(10), 'errors'.padStart(12), 'ceiling'.padStart(12), 'c.errors'.padStart(8), 'API RSS'.padStart(14), 'CPU/req'.padStart(11), 'PG CPU/req'.padStart(11)].join(' ')}\n`,
    );
    const memoryLines: string[] = [];
    if (inspector !== undefined) memoryLines.push(await memoryCheckpoint(inspector, 'before', options));
    for (let round = 1; round <= options.rounds; round += 1) {
      const peak = inspector === undefined ? undefined : samplePeakMemory(inspector);
      for (const target of targets.filter((each) => options.only === undefined || each.name.includes(options.only))) {
        const before = rssMegabytes(api.pid);
        const figures = await measure(apiOrigin, target, headers, options, apiCpu(api.pid));
        printRow(`${target.name} (${round})`, figures, `${before}→${rssMegabytes(api.pid)} MB`);
      }
      if (inspector !== undefined) {
        memoryLines.push(await memoryCheckpoint(inspector, `round-${round}`, options, await peak?.stop()));
      }
    }
    const bareTarget: Target = { name: 'bare Koa GET', method: 'GET', path: () => '/hello', expectStatus: 200 };
    const before = rssMegabytes(bare.pid);
    const figures = await measure(
      `http://127.0.0.1:${barePort}`,
      bareTarget,
      {},
      options,
      cpuSampler(bare.pid, undefined),
    );
    printRow(bareTarget.name, figures, `${before}→${rssMegabytes(bare.pid)} MB`);
    if (memoryLines.length > 0) process.stdout.write(`\nAPI memory (MB)\n${memoryLines.join('\n')}\n`);
  } finally {
    inspector?.close();
    // The profile is written as the API exits.
    await stopProcesses([bare, api]);
    await benchOrm.close();
  }
}

runBench(main);
