import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { findFreePort } from '../infra/net/wait-for-port';
import { connectHeapInspector } from './heap-inspector';

/** One way of running a process: the Node arguments before and including its entry file. */
export interface Launch {
  name: string;
  kind: 'api' | 'worker';
  nodeArgs: string[];
}

export interface StartFigures {
  /** Process spawned → the API's first 200 from /health, or the worker's core reporting RUNNING (polling). */
  readyMs: number;
  /** Resident set after `idleMs` of doing nothing (the worker polls an empty task queue). */
  idleRssMb: number;
  /** The process's peak resident set up to then (VmHWM): start-up included, bundling for a worker run from sources. */
  peakRssMb: number;
}

export interface HeapFigures {
  /** After one full garbage collection, once idle: what the process keeps alive. */
  heapUsedMb: number;
  rssAfterGcMb: number;
}

const POLL_MS = 25;
const READY_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;

function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${field}:`));
  return Number(/(\d+)\s*kB/.exec(line ?? '')?.[1] ?? NaN) / 1024;
}

async function waitForHealth(child: ChildProcess, port: number): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} before /health answered`);
    const reply = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (reply?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error('the API did not answer /health in time');
}

/** Resolves when the worker's Temporal core says the worker is RUNNING: its pollers are started. */
function waitForPolling(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.includes('"msg":"Worker state changed"') && line.includes('"state":"RUNNING"')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the worker exited with ${String(code)} before polling`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Starts one process as `launch` says in `env`, measures its start and its memory at rest, and stops it. */
export async function measureStart(launch: Launch, env: NodeJS.ProcessEnv, idleMs: number): Promise<StartFigures> {
  const port = await findFreePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, launch.nodeArgs, {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', launch.kind === 'worker' ? 'pipe' : 'ignore', 'inherit'],
  });
  try {
    await (launch.kind === 'api' ? waitForHealth(child, port) : waitForPolling(child));
    const readyMs = performance.now() - startedAt;
    // Keep reading the worker's log so a full pipe never blocks it.
    child.stdout?.resume();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const pid = child.pid ?? 0;
    return { readyMs, idleRssMb: procStatusMb(pid, 'VmRSS'), peakRssMb: procStatusMb(pid, 'VmHWM') };
  } finally {
    await stop(child);
  }
}

/** As measureStart, with the inspector on a local port: the live heap once idle, after a full collection. */
export async function measureHeap(launch: Launch, env: NodeJS.ProcessEnv, idleMs: number): Promise<HeapFigures> {
  const [port, inspectPort] = [await findFreePort(), await findFreePort()];
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, ...launch.nodeArgs], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', launch.kind === 'worker' ? 'pipe' : 'ignore', 'ignore'],
  });
  try {
    await (launch.kind === 'api' ? waitForHealth(child, port) : waitForPolling(child));
    child.stdout?.resume();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const inspector = await connectHeapInspector(inspectPort);
    try {
      await inspector.collectGarbage();
      const memory = await inspector.memory();
      return { heapUsedMb: memory.heapUsed / MB, rssAfterGcMb: memory.rss / MB };
    } finally {
      inspector.close();
    }
  } finally {
    await stop(child);
  }
}
