import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { childProcessEnv } from '../../test/harness/child-env';

/**
 * A fresh clone must still be clean after set-up (issue 14, defect 11): the set-up script installs with `npm ci`,
 * which never writes the lockfile, and the committed lockfile must be the one npm itself writes, or the first
 * `npm install` of anyone leaves it modified. A fresh clone's full install takes minutes, so the test checks the two
 * halves instead: what npm would write, in a copy of the manifest, and what the script changes in this checkout.
 */

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'infra', 'setup', 'ensure-installed.sh');
const NPM_TIMEOUT_MS = 45_000;

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * This process's environment without what `npm run` adds: `npm_config_local_prefix` would point a child npm at this
 * checkout instead of its own directory, and the project's settings come from the copied .npmrc as on a fresh clone.
 */
function npmFreeEnv(): NodeJS.ProcessEnv {
  const env = Object.entries(childProcessEnv({}));
  return Object.fromEntries(env.filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

/** The first line where two files differ, for a readable failure; undefined when they are byte-identical. */
function firstDifference(expected: Buffer, actual: Buffer): string | undefined {
  if (expected.equals(actual)) return undefined;
  const [expectedLines, actualLines] = [expected.toString('utf8').split('\n'), actual.toString('utf8').split('\n')];
  const line = expectedLines.findIndex((text, index) => text !== actualLines[index]);
  const at = line === -1 ? expectedLines.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(expectedLines[at])}, npm writes ${JSON.stringify(actualLines[at])}`;
}

/** What git sees of tracked files: the changed paths, and a hash of their changes against HEAD. */
async function trackedChanges(): Promise<{ status: string; diff: string }> {
  const git = async (...args: string[]) =>
    (await run('git', args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' })).stdout;
  const status = (await git('status', '--porcelain', '--untracked-files=no')).toString('utf8');
  return { status, diff: sha256(await git('diff', 'HEAD', '--binary')) };
}

describe('set-up leaves the tree clean', () => {
  it('commits the lockfile npm writes for package.json, byte for byte', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'lockfile-'));
    try {
      for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
        await copyFile(join(ROOT, file), join(directory, file));
      }
      // --prefer-offline: metadata from npm's cache when it has it, so the check is quick and needs the registry
      // only for what the cache lacks; the lockfile npm computes is the same either way.
      await run(
        'npm',
        ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
        {
          cwd: directory,
          env: npmFreeEnv(),
          timeout: NPM_TIMEOUT_MS,
        },
      );
      const committed = await readFile(join(ROOT, 'package-lock.json'));
      const written = await readFile(join(directory, 'package-lock.json'));
      expect(firstDifference(committed, written)).toBeUndefined();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('changes no tracked file when the set-up script runs in the checkout', async () => {
    // `npm test` runs the script before jest, so here it must find its stamp and install nothing: reinstalling would
    // delete node_modules under the running tests. A stale stamp is a set-up to run first, not something to do here.
    const stamp = await readFile(join(ROOT, 'node_modules', '.install-stamp'), 'utf8').catch(() => '');
    if (stamp.trim() !== sha256(await readFile(join(ROOT, 'package-lock.json')))) {
      throw new Error('node_modules was not installed from this package-lock.json: run `npm run setup` first');
    }

    const before = await trackedChanges();
    await run('sh', [SCRIPT], { cwd: ROOT, env: npmFreeEnv(), timeout: NPM_TIMEOUT_MS });
    expect(await trackedChanges()).toEqual(before);
  });
});
