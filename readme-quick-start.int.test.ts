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
const QUICK_START_TIMEOUT_MS = 60_000;

/** The ```sh blocks of README's "Quick start" section (up to the next heading of its level), in order. */
function quickStartCommands(readme: string): string {
  const section = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (section === undefined) throw new Error('README.md has no "## Quick start" section followed by another');
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  if (blocks.length === 0) throw new Error('README.md\'s "Quick start" has no ```sh block');
  return blocks.join('\n');
}

/** Appended to the commands: what they leave in shell variables, for the test to check through the API. */
const REPORT_VARIABLES = `jq -n --arg key "$KEY" --arg plan "$PLAN" --arg invoice "$INVOICE" \
  '{key: $key, plan: $plan, invoice: $invoice}' > variables.json`;

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
      const commands = quickStartCommands(await readFile(README, 'utf8'));
      const email = `readme-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', `${commands}\n${REPORT_VARIABLES}\n`], {
        cwd: directory,
        env: childProcessEnv({ API: `${api.url}/api`, EMAIL: email }),
        timeout: QUICK_START_TIMEOUT_MS,
      });

      const pdf = await readFile(join(directory, 'invoice.pdf'));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const variables = JSON.parse(await readFile(join(directory, 'variables.json'), 'utf8')) as Record<string, string>;
      const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: variables.key }));
      const plan = await call<{ prices: { currency: string; amount: number }[] }>('GET', `/plans/${variables.plan}`);
      const invoice = await call('GET', `/invoices/${variables.invoice}`);
      expect(invoice.body).toMatchObject({ status: 'OPEN', currency: 'USD', total: plan.body.prices[0]?.amount });
      expect(stdout).toContain(`"total": ${String(invoice.body.total)}`);

      const workflowId = /\/workflows\/(subscription:\S+)$/m.exec(stdout)?.[1] ?? '';
      const workflow = await api.temporal.client.workflow.getHandle(workflowId).describe();
      expect(workflow.status.name).toBe('RUNNING');
    },
    QUICK_START_TIMEOUT_MS + 30_000,
  );
});
