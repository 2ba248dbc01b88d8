import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApi, type TestApi } from './test/harness/api-harness';
import { childProcessEnv } from './test/harness/child-env';

const run = promisify(execFile);
const GUIDE_TIMEOUT_MS = 60_000;

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
