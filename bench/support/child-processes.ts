import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { childProcessEnv } from '../../test/harness/child-env';
import { onInterrupt } from './interrupt-cleanup';

export const ROOT = path.resolve(__dirname, '..', '..');

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

export interface TsxProcessOptions {
  /** Overrides on top of this process's environment. */
  env?: Record<string, string>;
  args?: readonly string[];
  nodeFlags?: readonly string[];
  stdio?: StdioOptions;
}

/**
 * `node --import tsx <entry>` from the repository root. The child is killed when the bench stops, whichever way:
 * by `stopProcess`, on an interrupt, and (a plain SIGTERM, nothing asynchronous can run then) when the bench exits.
 */
export function spawnTsx(entry: string, options: TsxProcessOptions = {}): ChildProcess {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(ROOT, entry), ...(options.args ?? [])],
    { cwd: ROOT, env: childProcessEnv(options.env ?? {}), stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'] },
  );
  track(child);
  return child;
}

/** `npm run --silent <script> -- <args>`: an operator command as an operator runs it; rejects on a non-zero exit. */
export function runNpmScript(script: string, args: readonly string[], env: Record<string, string> = {}) {
  return new Promise<void>((resolve, reject) => {
    const command = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: childProcessEnv(env),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    track(command);
    command.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`npm run ${script} exited with ${String(code)}`));
    });
  });
}

/** SIGTERM and wait for the exit (a CPU profile, a worker's drain, happen then). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const stopProcesses = (children: readonly ChildProcess[]) => Promise.all(children.map(stopProcess));

function track(child: ChildProcess): void {
  running.add(child);
  const forget = onInterrupt(() => stopProcess(child));
  child.once('exit', () => {
    running.delete(child);
    forget();
  });
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const each of running) each.kill('SIGTERM');
  });
}

/**
 * A bench entry (a worker) in a process of its own, resolved once it prints `ready` on a line; rejected if it exits
 * before that.
 */
export async function startReadyProcess(entry: string, options: Omit<TsxProcessOptions, 'stdio'>) {
  const child = spawnTsx(entry, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`${entry} exited with ${String(code)} before it was ready`));
    });
  });
  return child;
}
