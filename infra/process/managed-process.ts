import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A child process whose output is always drained (a full pipe would block it) and which can be stopped politely.
 * Used for the local Temporal servers and by `npm run dev` for the API and the worker.
 */
export interface ManagedProcess {
  pid: number;
  /** Resolves with the exit code (null when ended by a signal, -1 when it could not start). */
  exited: Promise<number | null>;
  /** The last lines of output, for error messages. */
  outputTail: () => string[];
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
  stop: () => Promise<void>;
  /** Signals without waiting: for `process.on('exit')` hooks, where nothing asynchronous runs any more. */
  kill: (signal?: NodeJS.Signals) => void;
}

export interface ManagedProcessOptions {
  /** Receives every output line (`npm run dev` prefixes and prints them). */
  onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Own process group: a terminal Ctrl-C then does not reach it, so its owner can stop it last. */
  detached?: boolean;
  cwd?: string;
}

const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_LINES = 40;

export function spawnManagedProcess(
  command: string,
  args: readonly string[],
  options: ManagedProcessOptions = {},
): ManagedProcess {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  const tail: string[] = [];
  const collect = (line: string, stream: 'stdout' | 'stderr'): void => {
    tail.push(line);
    if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
    options.onOutput?.(line, stream);
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    collect(line, 'stdout');
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    collect(line, 'stderr');
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', (error) => {
      collect(`could not start ${command}: ${error.message}`, 'stderr');
      resolve(-1);
    });
  });
  return {
    pid: child.pid ?? -1,
    exited,
    outputTail: () => [...tail],
    stop: () => stopChild(child, exited),
    kill: (signal = 'SIGTERM') => {
      if (isRunning(child)) child.kill(signal);
    },
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (!isRunning(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
