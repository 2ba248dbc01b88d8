import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createActivities } from './activities';
import { createLogger } from './infra/logger';
import { apiClient } from './test/harness/api-client';
import { startTestApi, type TestApi } from './test/harness/api-harness';
import { childProcessEnv } from './test/harness/child-env';
import { createDevServerTestEnv, createTestWorker, uniqueTaskQueue } from './test/harness/temporal-env';

const run = promisify(execFile);
const README = join(__dirname, 'README.md');
const SCRIPT = join(__dirname, 'examples', 'quick-start.sh');
const QUICK_START_TIMEOUT_MS = 60_000;

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the quick start script in `cwd` with `env`; a failing run is a result too (its exit code and output). */
async function runScript(cwd: string, env: Record<string, string>): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await run('bash', [SCRIPT], {
      cwd,
      env: childProcessEnv(env),
      timeout: QUICK_START_TIMEOUT_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean };
    if (failed.killed === true) throw new Error(`the quick start hung: ${failed.stderr ?? ''}`);
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The README's quick start, run as written (bash, curl, jq) against the test app and a worker, so it cannot rot. */
describe('README quick start', () => {
  const taskQueue = uniqueTaskQueue('readme-quick-start');
  let api: TestApi;
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  let directory: string;

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
    env = await createDevServerTestEnv();
    const logger = createLogger({ level: 'silent', name: 'readme-quick-start-test' });
    worker = await createTestWorker({ env, taskQueue, activities: createActivities({ logger, orm: api.orm }) });
    running = worker.run();
    directory = await mkdtemp(join(tmpdir(), 'readme-quick-start-'));
  });
  afterAll(async () => {
    worker.shutdown();
    await running;
    await env.teardown();
    await api.close();
    await rm(directory, { recursive: true, force: true });
  });

  it(
    'registers, subscribes, and gets the first invoice, billed in advance at the plan price, as a PDF',
    async () => {
      expect(await readFile(README, 'utf8')).toMatch(/^bash examples\/quick-start\.sh$/m);
      const email = `readme-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const env = { API: `${api.url}/api`, EMAIL: email };
      const { code, stdout, stderr } = await runScript(directory, env);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });

      const pdf = await readFile(join(directory, 'invoice.pdf'));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // What the script made, read back as its user would: log in, make a key with the JWT, read the invoice.
      const login = await apiClient(() => ({ baseUrl: `${api.url}/api` }))('POST', '/auth/login', {
        body: { email, password: 'correct horse battery staple' },
      });
      const jwt = String(login.body.accessToken);
      const key = await apiClient(() => ({ baseUrl: `${api.url}/api`, token: jwt }))('POST', '/tenants/me/api-keys', {
        body: { name: 'check', scopes: ['invoices:read'] },
      });
      const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: String(key.body.key) }));
      const invoices = await call<{ data: { id: string }[] }>('GET', '/invoices');
      expect(invoices.body.data).toHaveLength(1);
      const invoice = await call('GET', `/invoices/${invoices.body.data[0]?.id ?? ''}`);
      expect(invoice.body).toMatchObject({ status: 'OPEN', currency: 'USD', total: 49.99 });
      expect(stdout).toContain(`"total": ${String(invoice.body.total)}`);
      expect(stdout).toMatch(/"webhookSigningSecret": "whsec_/);

      const workflowId = /\/workflows\/(subscription:\S+)$/m.exec(stdout)?.[1] ?? '';
      const workflow = await api.temporal.client.workflow.getHandle(workflowId).describe();
      expect(workflow.status.name).toBe('RUNNING');

      // Run again with the same login: it stops at once at registration, showing the server's 409.
      const again = await runScript(directory, env);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toMatch(/email_taken|already|409/i);
      expect(again.stdout).not.toContain('subscription');
    },
    QUICK_START_TIMEOUT_MS + 30_000,
  );

  it('stops at once, saying so, when no server answers', async () => {
    const started = Date.now();
    const { code, stdout, stderr } = await runScript(directory, { API: 'http://127.0.0.1:9/api' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('request failed: http://127.0.0.1:9/api/auth/register');
    expect(stdout).toBe('');
    expect(Date.now() - started).toBeLessThan(QUICK_START_TIMEOUT_MS);
  });
});
