import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withIsolatedStack } from './isolated-stack';
import { measureHeap, measureStart, type Launch, type StartFigures } from './startup-process';

const ROOT = path.resolve(__dirname, '..');
/** The API's heap limit in production (Dockerfile, docker-compose.yml): the same for every way of running it. */
const API_HEAP_LIMIT = '--max-old-space-size=1024';

/** Each process as development runs it (tsx's loader, bundling at start), as production does, and without maps. */
const LAUNCHES: Launch[] = [
  { name: 'tsx', kind: 'api', nodeArgs: [API_HEAP_LIMIT, '--import', 'tsx', 'api/main.ts'] },
  { name: 'compiled', kind: 'api', nodeArgs: ['--enable-source-maps', API_HEAP_LIMIT, 'dist/api/main.js'] },
  { name: 'compiled, no source maps', kind: 'api', nodeArgs: [API_HEAP_LIMIT, 'dist/api/main.js'] },
  { name: 'tsx', kind: 'worker', nodeArgs: ['--import', 'tsx', 'worker/main.ts'] },
  { name: 'compiled', kind: 'worker', nodeArgs: ['--enable-source-maps', 'dist/worker/main.js'] },
  { name: 'compiled, no source maps', kind: 'worker', nodeArgs: ['dist/worker/main.js'] },
];

/**
 * `npm run bench:startup [-- --runs N --idle-seconds S --process api|worker]`: start-up time and memory at rest of the API and the worker,
 * run from sources with tsx and compiled by `npm run build`, on a database and task queue of the bench's own.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'idle-seconds': { type: 'string', default: '10' },
      process: { type: 'string' },
    },
  });
  const launches = LAUNCHES.filter((launch) => values.process === undefined || launch.kind === values.process);
  const runs = Number(values.runs);
  const idleMs = Number(values['idle-seconds']) * 1000;
  if (!existsSync(path.join(ROOT, 'dist/api/main.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  await withIsolatedStack('startup', async ({ env }) => {
    process.stdout.write(`${runs} runs of each, ${idleMs / 1000} s at rest before memory is read\n\n`);
    process.stdout.write(
      '| process | run as | ready (median, min-max) | RSS at rest | peak RSS | heap after GC | RSS after GC |\n',
    );
    process.stdout.write(
      '| ------- | ------ | ----------------------- | ----------- | -------- | ------------- | ------------ |\n',
    );
    for (const launch of launches) {
      const figures: StartFigures[] = [];
      for (let run = 0; run < runs; run += 1) figures.push(await measureStart(launch, env, idleMs));
      const heap = await measureHeap(launch, env, idleMs);
      process.stdout.write(
        `| ${launch.kind} | ${launch.name} | ${spread(
          figures.map((figure) => figure.readyMs),
          'ms',
        )} | ` +
          `${median(figures.map((figure) => figure.idleRssMb)).toFixed(0)} MB | ` +
          `${median(figures.map((figure) => figure.peakRssMb)).toFixed(0)} MB | ` +
          `${heap.heapUsedMb.toFixed(0)} MB | ${heap.rssAfterGcMb.toFixed(0)} MB |\n`,
      );
    }
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function spread(values: number[], unit: string): string {
  return `${median(values).toFixed(0)} ${unit} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
