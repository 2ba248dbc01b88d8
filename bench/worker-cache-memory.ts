import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { WorkflowHandle } from '@temporalio/client';
import { createTemporalClient } from '../infra/temporal/client';
import { findFreePort } from '../infra/net/wait-for-port';
import { testClockStateQuery } from '../workflows/test-clocks/messages';
import { connectHeapInspector, type HeapInspector } from './heap-inspector';
import { withIsolatedStack } from './isolated-stack';

const MB = 1024 * 1024;
const QUERY_CONCURRENCY = 20;
const SETTLE_MS = 5_000;

/**
 * `npm run bench:worker-cache -- [--workflows N] [--max-cached N] [--max-old-space-size MB]`: what a workflow held in
 * the worker's cache costs.
 * The compiled worker (dist/, `npm run build` first) starts with its inspector on; N test-clock workflows (the smallest
 * that stays open: it waits for a signal, running no activity) are started and each queried once, so each has run a
 * workflow task and sits in the cache (at most `--max-cached`, TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS). RSS, and the main
 * thread's heap after a full collection, are read before and after; workflows run in a worker thread whose heap only
 * RSS shows.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workflows: { type: 'string', default: '500' },
      'max-cached': { type: 'string', default: '1000' },
      'max-old-space-size': { type: 'string' },
    },
  });
  const heapLimit = values['max-old-space-size'];
  const count = Number(values.workflows);
  await withIsolatedStack('worker_cache', async ({ config, env }) => {
    const inspectPort = await findFreePort();
    const worker = spawn(
      process.execPath,
      [
        `--inspect=127.0.0.1:${inspectPort}`,
        ...(heapLimit === undefined ? [] : [`--max-old-space-size=${heapLimit}`]),
        '--enable-source-maps',
        'dist/worker/main.js',
      ],
      {
        env: { ...env, TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS: values['max-cached'] },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const temporal = await createTemporalClient(config);
    try {
      await polling(worker);
      const inspector = await connectHeapInspector(inspectPort);
      const before = await settledMemory(inspector, worker);
      const handles = await startClocks(temporal.client, config.temporal.taskQueue, count);
      const queryStartedAt = performance.now();
      await queryAll(handles);
      const queriedMs = performance.now() - queryStartedAt;
      const after = await settledMemory(inspector, worker);
      inspector.close();
      const perWorkflow = (figure: keyof typeof before) => ((after[figure] - before[figure]) / count) * 1024;
      process.stdout.write(
        `${count} workflows, cache of ${values['max-cached']}, heap limit ${heapLimit ?? 'default'} MB, ` +
          `queried in ${(queriedMs / 1000).toFixed(1)} s\n` +
          `RSS:                 ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB, ${perWorkflow('rss').toFixed(0)} kB per workflow\n` +
          `main heap after GC:  ${before.heap.toFixed(0)} → ${after.heap.toFixed(0)} MB, ${perWorkflow('heap').toFixed(0)} kB per workflow\n`,
      );
      await Promise.all(handles.map((handle) => handle.terminate('bench over').catch(() => undefined)));
    } finally {
      await temporal.close();
      if (worker.exitCode === null) {
        worker.kill('SIGTERM');
        await once(worker, 'exit');
      }
    }
  });
}

function polling(worker: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    createInterface({ input: worker.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.includes('"msg":"Worker state changed"') && line.includes('"state":"RUNNING"')) resolve();
    });
    worker.once('exit', (code) => {
      reject(new Error(`the worker exited with ${String(code)}`));
    });
  });
}

async function settledMemory(inspector: HeapInspector, worker: ChildProcess): Promise<{ rss: number; heap: number }> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await inspector.collectGarbage();
  const memory = await inspector.memory();
  const status = readFileSync(`/proc/${String(worker.pid)}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s*(\d+)/.exec(status)?.[1] ?? NaN);
  return { rss: rssKb / 1024, heap: memory.heapUsed / MB };
}

async function startClocks(
  client: Awaited<ReturnType<typeof createTemporalClient>>['client'],
  taskQueue: string,
  count: number,
): Promise<WorkflowHandle[]> {
  const tenantId = `ten_bench${process.pid}`;
  const handles: WorkflowHandle[] = [];
  for (let index = 0; index < count; index += 1) {
    const clockId = `clock_${index}`;
    handles.push(
      await client.workflow.start('testClockWorkflow', {
        taskQueue,
        workflowId: `test-clock:${tenantId}:${clockId}`,
        args: [{ tenantId, clockId }],
      }),
    );
  }
  return handles;
}

/** One query each, QUERY_CONCURRENCY at a time: a query is answered only once the workflow's first task has run. */
async function queryAll(handles: readonly WorkflowHandle[]): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < handles.length) {
      const handle = handles[next++];
      if (handle) await handle.query(testClockStateQuery);
    }
  };
  await Promise.all(Array.from({ length: QUERY_CONCURRENCY }, lane));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
