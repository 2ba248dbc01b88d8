import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApi, type TestApi } from './test/harness/api-harness';
import { childProcessEnv } from './test/harness/child-env';
import { ownDatabase } from './test/harness/own-database';
import { startPaymentPath, type PaymentPath } from './test/scenarios/payment-path';

const run = promisify(execFile);
const GUIDE_TIMEOUT_MS = 60_000;
// For the guides that need a worker: its process relays every tenant's outbox, so on a database of this file's own.
const database = ownDatabase();

/** A guide's ```sh blocks, in order, as one script. */
function shellBlocks(markdown: string): string {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  if (blocks.length === 0) throw new Error('the guide has no ```sh block');
  return blocks.join('\n');
}

/**
 * The guides that need only the API run here as written (bash with -euo pipefail, curl, jq) against a test app, so
 * their commands cannot rot: a block whose command fails, or whose `jq -e` check is false, fails the test.
 */
describe('guides', () => {
  let api: TestApi;
  let directory: string;
  beforeAll(async () => {
    api = await startTestApi();
    directory = await mkdtemp(join(tmpdir(), 'guides-'));
  });
  afterAll(async () => {
    await api.close();
    await rm(directory, { recursive: true, force: true });
  });

  it(
    'docs/guides/api-conventions.md: errors, idempotency, pagination and rate limits',
    async () => {
      const commands = shellBlocks(await readFile(join(__dirname, 'docs', 'guides', 'api-conventions.md'), 'utf8'));
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', commands], {
        cwd: directory,
        env: childProcessEnv({ API: `${api.url}/api` }),
        timeout: GUIDE_TIMEOUT_MS,
      });
      expect(stdout).toContain('"error": "validation_failed"');
      expect(stdout).toMatch(/^idempotent-replayed: true/im);
      expect(stdout).toContain('6 customers over 3 pages');
      expect(stdout).toMatch(/^ratelimit-remaining: \d+/im);
    },
    GUIDE_TIMEOUT_MS + 10_000,
  );
});

/** The guides that pay: the API and a worker process, as `npm run dev` runs them. */
describe('guides with a worker', () => {
  let path: PaymentPath;
  let directory: string;
  beforeAll(async () => {
    path = await startPaymentPath('guides', database.env());
    // The API learns its own address only once listening; the sandbox it serves lives there (the worker process was
    // given it as API_PUBLIC_URL).
    path.api.config.apiPublicUrl = path.api.url;
    directory = await mkdtemp(join(tmpdir(), 'guides-'));
  });
  afterAll(async () => {
    await path.close();
    await rm(directory, { recursive: true, force: true });
  });

  it(
    'docs/guides/payments-sandbox.md: configure, check out, pay, decline, refund',
    async () => {
      const commands = shellBlocks(await readFile(join(__dirname, 'docs', 'guides', 'payments-sandbox.md'), 'utf8'));
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', commands], {
        cwd: directory,
        env: childProcessEnv({ API: `${path.api.url}/api` }),
        timeout: GUIDE_TIMEOUT_MS,
      });
      expect(stdout).toContain('"provider": "SANDBOX"');
      expect(stdout).toContain(`"checkoutUrl": "${path.api.url}/sandbox/checkout/cs_sbx_`);
      expect(stdout).toContain('"status": "PAID"');
      expect(stdout).toContain('"status": "PARTIALLY_REFUNDED"');
    },
    GUIDE_TIMEOUT_MS + 10_000,
  );

  it(
    'docs/guides/webhooks.md: a receiver that verifies signatures gets a test event',
    async () => {
      const commands = shellBlocks(await readFile(join(__dirname, 'docs', 'guides', 'webhooks.md'), 'utf8'));
      // Run from a directory of its own (the receiver's log goes there) that has the repository's examples.
      const cwd = await mkdtemp(join(tmpdir(), 'webhooks-guide-'));
      await symlink(join(__dirname, 'examples'), join(cwd, 'examples'));
      try {
        const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', commands], {
          cwd,
          env: childProcessEnv({ API: `${path.api.url}/api` }),
          timeout: GUIDE_TIMEOUT_MS,
        });
        expect(stdout).toMatch(/^verified invoice\.paid whe_/m);
        expect(stdout).not.toContain('rejected');
        expect(stdout).toContain('"status": "DELIVERED"');
        expect(stdout).toContain('"statusCode": 204');
      } finally {
        await rm(cwd, { recursive: true, force: true });
      }
    },
    GUIDE_TIMEOUT_MS + 10_000,
  );

  it(
    'docs/guides/usage-billing.md: metric, charge, a customer on a test clock, events, the month closed',
    async () => {
      const commands = shellBlocks(await readFile(join(__dirname, 'docs', 'guides', 'usage-billing.md'), 'utf8'));
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', commands], {
        cwd: directory,
        env: childProcessEnv({ API: `${path.api.url}/api` }),
        timeout: GUIDE_TIMEOUT_MS,
      });
      // The usage so far, then the renewal invoice with January's usage in arrears beside February's base price.
      expect(stdout).toContain('"amount": 18.75');
      // jq prints the invoice list as the output's only top-level array: `[` and `]` alone on their lines.
      const invoices = JSON.parse(/^\[$[\s\S]*?^\]$/m.exec(stdout)?.[0] ?? 'null') as {
        issuedAt: string;
        total: number;
        lines: { type: string; amount: number }[];
      }[];
      const summary = invoices.map((invoice) => ({
        issued: invoice.issuedAt.slice(0, 10),
        lines: invoice.lines.map((line) => [line.type, line.amount]),
      }));
      expect(summary).toHaveLength(3);
      expect(summary).toEqual(
        expect.arrayContaining([
          { issued: '2026-01-01', lines: [['SUBSCRIPTION', 20]] },
          { issued: '2026-02-01', lines: [['SUBSCRIPTION', 20]] },
          { issued: '2026-02-01', lines: [['USAGE', 18.75]] },
        ]),
      );
    },
    GUIDE_TIMEOUT_MS + 10_000,
  );
});
