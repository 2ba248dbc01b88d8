import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '../infra/net/wait-for-port';
import { startTestApi, type TestApi } from '../test/harness/api-harness';
import { childProcessEnv } from '../test/harness/child-env';
import { ownDatabase } from '../test/harness/own-database';
import { uniqueTaskQueue } from '../test/harness/temporal-env';
import { waitForValue } from '../test/harness/wait-for';
import { spawnWorkerProcess } from '../test/harness/worker-process';
import { createTenantFixture, type TenantFixture } from '../test/fixtures/tenant-fixture';
import { subscriptionTestClient } from '../test/fixtures/subscription-test-client';
import { tenantSchemaSql } from '../test/harness/tenant-schema-sql';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
// Inside the repository, so the compiled code finds node_modules as dist/ does; .data/ is ignored by git and jest.
const OUT_DIR = path.join(ROOT, '.data', `build-test-${process.pid}`);
const compiled = (file: string) => path.join(OUT_DIR, file);

// The compiled worker acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * What production runs: `npm run build` output started with Node alone (no tsx), against the test PostgreSQL and
 * Temporal: the migrate CLI, the API answering /health, and the worker running a subscription's workflow from the
 * prebuilt bundle.
 */
describe('npm run build', () => {
  const taskQueue = uniqueTaskQueue('compiled');
  const children: ChildProcess[] = [];
  let api: TestApi;
  let tenant: TenantFixture;
  let apiUrl: string;

  const overrides = (extra: Record<string, string> = {}) => ({
    ...database.env(),
    TEMPORAL_TASK_QUEUE: taskQueue,
    LOG_LEVEL: 'info',
    // The compiled worker runs the bundle the build wrote, not the one the test run gives its other workers.
    TEMPORAL_WORKFLOW_BUNDLE: '',
    ...extra,
  });
  const processEnv = (extra: Record<string, string> = {}) => childProcessEnv(overrides(extra));

  beforeAll(async () => {
    await run('npm', ['run', 'build', '--', '--out-dir', OUT_DIR], { cwd: ROOT, env: childProcessEnv({}) });
    api = await startTestApi({ env: { ...database.env(), TEMPORAL_TASK_QUEUE: taskQueue } });
    tenant = await createTenantFixture(api.orm, api.config);
  }, 180_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await api.close();
    await rm(OUT_DIR, { recursive: true, force: true });
  });

  it('maps the compiled code back to the TypeScript sources', () => {
    const map = JSON.parse(readFileSync(compiled('api/main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.map((source) => path.resolve(path.dirname(compiled('api/main.js')), source))).toEqual([
      path.join(ROOT, 'api/main.ts'),
    ]);
    expect(readFileSync(compiled('api/main.js'), 'utf8')).toMatch(/\/\/# sourceMappingURL=main\.js\.map\n$/);
  });

  it('runs the migrate CLI (nothing left to apply on a migrated database)', async () => {
    const { stdout } = await run(process.execPath, ['--enable-source-maps', compiled('cli/migrate.js')], {
      env: processEnv(),
    });
    expect(stdout).toContain('"msg":"tenant schemas up to date"');
  }, 60_000);

  it('starts the API, which answers /health with the database and Temporal up', async () => {
    const port = await findFreePort();
    const child = spawn(process.execPath, ['--enable-source-maps', compiled('api/main.js')], {
      env: processEnv({ PORT: String(port) }),
      stdio: 'ignore',
    });
    children.push(child);
    apiUrl = `http://127.0.0.1:${port}`;
    const health = await waitForValue(
      'the compiled API to answer /health',
      async () => {
        if (child.exitCode !== null) throw new Error(`the compiled API exited with ${child.exitCode}`);
        const reply = await fetch(`${apiUrl}/health`).catch(() => undefined);
        return reply?.status === 200 ? await reply.json() : undefined;
      },
      60_000,
    );
    expect(health).toEqual({ status: 'ok', checks: { database: 'ok', temporal: 'ok' } });
  }, 90_000);

  it("runs a subscription's workflow on the compiled worker from the prebuilt bundle", async () => {
    const worker = spawnWorkerProcess(overrides(), ['--enable-source-maps', compiled('worker/main.js')]);
    children.push(worker.child);
    await worker.running;

    const client = subscriptionTestClient({ ...api, url: apiUrl }, () => tenant);
    const planId = await client.createPlan({ trialDays: 0, billingTiming: 'IN_ADVANCE' });
    const customerId = await client.createCustomer({ timezone: 'UTC' });
    const created = await client.subscribe({ customerId, planId, startDate: new Date().toISOString() });
    expect(created.status).toBe(201);
    const sql = tenantSchemaSql(() => ({ orm: api.orm, tenantId: tenant.tenantId }));
    // The first period's invoice in advance: made by the workflow's activities, in the worker process.
    const invoices = await waitForValue(
      'the first invoice',
      async () => {
        const rows = await sql<{ total_minor: string }>(
          'select total_minor from $schema.invoices where subscription_id = ?',
          [String(created.body.id)],
        );
        return rows.length > 0 ? rows : undefined;
      },
      60_000,
    );
    expect(invoices.map((row) => BigInt(row.total_minor))).toEqual([3000n]);
    worker.child.kill('SIGTERM');
    const [code] = (await once(worker.child, 'exit')) as [number | null];
    expect(code).toBe(0);
  }, 120_000);

  it('writes the workflow bundle twice: only the traced one holds the tracing interceptors', () => {
    const interceptors = /interceptors-opentelemetry\/lib\/workflow-interceptors/;
    expect(readFileSync(compiled('workflow-bundle.js'), 'utf8')).not.toMatch(interceptors);
    expect(readFileSync(compiled('workflow-bundle-traced.js'), 'utf8')).toMatch(interceptors);
  });

  /** Starts the compiled worker without `file` (moved aside meanwhile): what it printed and its exit code. */
  const startWithout = async (file: string, extra: Record<string, string> = {}) => {
    const bundle = compiled(file);
    await rename(bundle, `${bundle}.moved`);
    try {
      return await new Promise<{ stderr: string; code: number | null }>((resolve) => {
        const child = spawn(process.execPath, [compiled('worker/main.js')], {
          env: processEnv(extra),
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let output = '';
        child.stderr.on('data', (chunk: Buffer) => {
          output += chunk.toString();
        });
        child.once('exit', (exitCode) => {
          resolve({ stderr: output, code: exitCode });
        });
      });
    } finally {
      await rename(`${bundle}.moved`, bundle);
    }
  };

  it('does not bundle at start: without the bundle file the compiled worker refuses to start', async () => {
    const { stderr, code } = await startWithout('workflow-bundle.js');
    expect(code).toBe(1);
    expect(stderr).toContain('workflow-bundle.js is missing: `npm run build` writes it');
  }, 60_000);

  it('runs the traced bundle when it exports spans', async () => {
    const { stderr, code } = await startWithout('workflow-bundle-traced.js', {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('workflow-bundle-traced.js is missing: `npm run build` writes it');
  }, 60_000);
});
