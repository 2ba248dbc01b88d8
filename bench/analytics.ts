import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../infra/config';
import { migrateAll } from '../infra/db/migrate-all';
import { createOrm } from '../infra/db/orm';
import { tenantSql, type TenantSql } from '../infra/db/tenant-sql';
import { createLogger } from '../infra/logger';
import { findFreePort, waitForPort } from '../infra/net/wait-for-port';
import { childProcessEnv } from '../test/harness/child-env';
import { configForDatabase } from '../test/harness/database';
import { createMigratedDatabase, dropDatabase } from '../test/harness/database-harness';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { ANALYTICS_TENANT_TABLES, LARGE_TENANT, seedAnalyticsTenant } from './analytics-tenant';

/**
 * `npm run bench:analytics [-- --calls 20 --keep]`: every analytics route on a large tenant (10,000 customers, 20,000
 * subscriptions with their change history, 200,000 invoices, 150,000 payments; bench/analytics-tenant.ts), over HTTP
 * against an API process started as production runs it (`NODE_ENV=production`: no response-schema check).
 *
 * It creates and migrates a database of its own (dropped at the end unless `--keep`, which prints what
 * `--database <url> --tenant <id> --api-key <key>` needs to measure the same tenant again without building it), builds
 * the tenant through bulk SQL (the monthly rollups of the subscription history and of cash are filled by the triggers
 * of `subscription_changes`, `payments` and `refunds`, in the statements that insert them), calls each
 * route once to warm up, then `--calls` times in a row with the default range
 * (the 12 months to today) and prints p50, p99 and max per route (the target: p99 under 200 ms), with the same
 * figures for a bare `select count(*)` over the invoices, on a connection of the bench's own, as the yardstick.
 */
const ROUTES = [
  '/analytics/revenue',
  '/analytics/subscriptions',
  '/analytics/customers',
  '/analytics/payments',
  '/analytics/mrr-breakdown',
  '/analytics/net-revenue',
  '/analytics/churn-cohorts',
  '/analytics/ltv',
];

interface Options {
  calls: number;
  keep: boolean;
  database?: string;
  tenant?: string;
  apiKey?: string;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = { calls: 20, keep: false };
  for (let index = 0; index < args.length; index += 1) {
    const name = args[index];
    const value = args[index + 1] ?? '';
    if (name === '--keep') options.keep = true;
    else if (name === '--calls' && Number.isInteger(Number(value)) && Number(value) > 0) {
      options.calls = Number(value);
      index += 1;
    } else if (name === '--database' || name === '--tenant' || name === '--api-key') {
      if (name === '--database') options.database = value;
      else if (name === '--tenant') options.tenant = value;
      else options.apiKey = value;
      index += 1;
    } else throw new Error(`unknown option ${String(name)} (--calls N, --keep, --database, --tenant, --api-key)`);
  }
  const reusing = [options.database, options.tenant, options.apiKey].filter((each) => each !== undefined).length;
  if (reusing !== 0 && reusing !== 3) throw new Error('--database, --tenant and --api-key go together');
  return options;
}

interface Tenant {
  databaseUrl: string;
  tenantId: string;
  apiKey: string;
  /** Whether this run made the database (and so drops it unless --keep). */
  made: boolean;
}

/** A fresh database with the large tenant built in it, or the one named by the options (migrated to now). */
async function prepareTenant(options: Options): Promise<Tenant> {
  if (options.database !== undefined && options.tenant !== undefined && options.apiKey !== undefined) {
    await migrateAll({
      config: configForDatabase(options.database),
      logger: createLogger({ level: 'warn', name: 'bench' }),
    });
    return { databaseUrl: options.database, tenantId: options.tenant, apiKey: options.apiKey, made: false };
  }
  const databaseUrl = await createMigratedDatabase();
  const orm = await createOrm(configForDatabase(databaseUrl), { poolMax: 1 });
  try {
    const fixture = await createTenantFixture(orm, loadConfig());
    const started = performance.now();
    await seedAnalyticsTenant(tenantSql(orm, fixture.tenantId), LARGE_TENANT, new Date());
    process.stdout.write(`tenant built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return { databaseUrl, tenantId: fixture.tenantId, apiKey: fixture.apiKey, made: true };
  } finally {
    await orm.close();
  }
}

function startApi(databaseUrl: string, port: number): ChildProcess {
  const root = path.resolve(__dirname, '..');
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/main.ts')], {
    cwd: root,
    env: childProcessEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: loadConfig().temporal.address,
      JWT_SECRET: randomBytes(32).toString('base64'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // The bench's own process: its calls are not what the rate limit is for.
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface Timings {
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of the times, in ms. */
function timingsOf(times: readonly number[]): Timings {
  const sorted = [...times].sort((a, b) => a - b);
  const rank = (share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
  return { p50: rank(0.5), p99: rank(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

async function timeCalls(calls: number, call: () => Promise<void>): Promise<Timings> {
  const times: number[] = [];
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return timingsOf(times);
}

async function getRoute(origin: string, route: string, apiKey: string): Promise<number> {
  const response = await fetch(`${origin}/api${route}`, { headers: { authorization: `Bearer ${apiKey}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${route}: ${response.status} ${body}`);
  return body.length;
}

async function countRows(sql: TenantSql): Promise<string> {
  const counts = await Promise.all(
    ANALYTICS_TENANT_TABLES.map(async (table) => {
      const row = await sql.oneOrFail<{ count: number }>(`select count(*)::int as count from ${sql.table(table)}`);
      return `${row.count} ${table}`;
    }),
  );
  return counts.join(', ');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function printRow(label: string, timings: Timings, extra = ''): void {
  const verdict = timings.p99 < 200 ? 'yes' : 'NO';
  process.stdout.write(
    `| ${label.padEnd(32)} | ${ms(timings.p50).padStart(9)} | ${ms(timings.p99).padStart(9)} | ` +
      `${ms(timings.max).padStart(9)} | ${verdict.padEnd(13)} |${extra}\n`,
  );
}

async function measure(tenant: Tenant, calls: number): Promise<void> {
  const port = await findFreePort();
  const api = startApi(tenant.databaseUrl, port);
  const orm = await createOrm(configForDatabase(tenant.databaseUrl), { poolMax: 1 });
  try {
    await waitForPort({ host: '127.0.0.1', port, timeoutMs: 60_000 });
    const origin = `http://127.0.0.1:${port}`;
    const sql = tenantSql(orm, tenant.tenantId);
    const cpus = os.cpus();
    const load = os
      .loadavg()
      .map((each) => each.toFixed(2))
      .join(' ');
    process.stdout.write(
      `bench:analytics ${calls} calls per route on Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? '?'}, ` +
        `load average ${load}\n${await countRows(sql)}\n\n`,
    );
    process.stdout.write(
      `| ${'route (default 12-month range)'.padEnd(32)} | ${'p50'.padStart(9)} | ${'p99'.padStart(9)} | ` +
        `${'max'.padStart(9)} | p99 < 200 ms  |\n`,
    );
    process.stdout.write(
      `| ${'-'.repeat(32)} | ${'-'.repeat(9)} | ${'-'.repeat(9)} | ${'-'.repeat(9)} | ${'-'.repeat(13)} |\n`,
    );
    for (const route of ROUTES) {
      const bytes = await getRoute(origin, route, tenant.apiKey);
      const timings = await timeCalls(calls, async () => {
        await getRoute(origin, route, tenant.apiKey);
      });
      printRow(`GET ${route}`, timings, ` ${bytes} bytes`);
    }
    await sql.query(`select count(*) from ${sql.table('invoices')}`);
    const yardstick = await timeCalls(calls, async () => {
      await sql.query(`select count(*) from ${sql.table('invoices')}`);
    });
    printRow('select count(*) from invoices', yardstick);
    process.stdout.write(`load average at the end ${os.loadavg()[0]?.toFixed(2) ?? '?'}\n`);
  } finally {
    api.kill('SIGTERM');
    await orm.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const tenant = await prepareTenant(options);
  try {
    await measure(tenant, options.calls);
  } finally {
    if (tenant.made && !options.keep) await dropDatabase(tenant.databaseUrl);
    else if (tenant.made) {
      process.stdout.write(
        `kept: npm run bench:analytics -- --database ${tenant.databaseUrl} --tenant ${tenant.tenantId} ` +
          `--api-key ${tenant.apiKey}\n`,
      );
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
