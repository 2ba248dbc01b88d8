import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type Config } from '../infra/config';
import { ensureDatabaseExists } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { createLogger, type Logger } from '../infra/logger';
import { isPortOpen, parseHostPort, waitForPort } from '../infra/net/wait-for-port';
import { startDevServer, type LocalServer } from '../infra/temporal/local-servers';
import { spawnManagedProcess, type ManagedProcess } from '../infra/process/managed-process';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';

/**
 * `npm run dev`: Temporal (started here unless one already answers), database and migrations, then the API and
 * the worker as children. Ctrl-C stops the children first, then the Temporal server it started (never one it
 * found running), and exits 0. A child that dies stops everything and exits 1.
 */
const ROOT = resolve(__dirname, '..');
const TEMPORAL_DB_FILE = resolve(ROOT, '.data', 'temporal.sqlite');
// The Node running this script (Node 24 under npm) runs tsx's CLI directly: no `tsx` on PATH, no stray Node 20.
const TSX_CLI = require.resolve('tsx/cli');
const API_START_TIMEOUT_MS = 120_000;

type Outcome = { kind: 'signal'; signal: NodeJS.Signals } | { kind: 'exit'; name: string; code: number | null };
interface Owned {
  temporal?: LocalServer;
  children: { name: string; process: ManagedProcess }[];
  /** Aborted once stopping began: start-up then spawns nothing more. */
  stopping: AbortSignal;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'dev' });
  const stopping = new AbortController();
  const owned: Owned = { children: [], stopping: stopping.signal };
  // Handlers from the start: without them Ctrl-C during start-up would skip the clean-up below.
  const signalled = new Promise<Outcome>((resolveSignal) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        resolveSignal({ kind: 'signal', signal });
      });
    }
  });
  // Last resort if this process dies abruptly: nothing it started may outlive it.
  process.once('exit', () => {
    for (const child of owned.children) child.process.kill();
    owned.temporal?.kill();
  });

  try {
    const outcome = await Promise.race([signalled, startEverything(config, logger, owned)]);
    if (outcome.kind === 'exit') say(`${outcome.name} exited with code ${String(outcome.code)}: stopping everything`);
    else say(`${outcome.signal} received: stopping`);
    return outcome.kind === 'signal' ? 0 : 1;
  } finally {
    stopping.abort();
    await Promise.allSettled(owned.children.map((child) => child.process.stop()));
    if (owned.temporal !== undefined) {
      say('stopping the Temporal server');
      await owned.temporal.stop();
    }
  }
}

/** Starts what is missing and resolves with the first child that exits. */
async function startEverything(config: Config, logger: Logger, owned: Owned): Promise<Outcome> {
  await ensureTemporal(config, owned);
  if (await ensureDatabaseExists(config.databaseUrl)) say('created the database');
  await migrateAll({ config, logger });

  owned.stopping.throwIfAborted();
  for (const [name, entry] of [
    ['api', 'api/main.ts'],
    ['worker', 'worker/main.ts'],
  ] as const) {
    const child = spawnManagedProcess(process.execPath, [TSX_CLI, entry], { cwd: ROOT, onOutput: prefixOutput(name) });
    owned.children.push({ name, process: child });
  }
  const watched = [...owned.children, ...(owned.temporal ? [{ name: 'temporal', process: owned.temporal }] : [])];
  const firstExit = Promise.race(
    watched.map(({ name, process: child }) => child.exited.then((code): Outcome => ({ kind: 'exit', name, code }))),
  );

  const apiListening = waitForPort({
    host: '127.0.0.1',
    port: config.port,
    timeoutMs: API_START_TIMEOUT_MS,
    signal: owned.stopping,
  }).then((): undefined => undefined);
  const early = await Promise.race([firstExit, apiListening]);
  if (early !== undefined) return early;
  say(`API            http://localhost:${config.port}/api`);
  say(`API reference  http://localhost:${config.port}/api/docs`);
  say(`Temporal UI    http://localhost:${config.temporal.uiPort}`);
  say('Ctrl-C stops everything');
  return firstExit;
}

/** Uses the Temporal server answering at the configured address, or starts a dev server there (SQLite in .data/). */
async function ensureTemporal(config: Config, owned: Owned): Promise<void> {
  const temporal = parseHostPort(config.temporal.address);
  if (await isPortOpen(temporal)) {
    say(`using the Temporal server already running at ${config.temporal.address}`);
    return;
  }
  say(`starting the Temporal dev server at ${config.temporal.address} (state in ${TEMPORAL_DB_FILE})`);
  mkdirSync(resolve(ROOT, '.data'), { recursive: true });
  owned.stopping.throwIfAborted();
  owned.temporal = await startDevServer({
    ip: temporal.host,
    port: temporal.port,
    uiPort: config.temporal.uiPort,
    namespace: config.temporal.namespace,
    dbFilename: TEMPORAL_DB_FILE,
    searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
    // Its own process group: Ctrl-C must not stop it before the worker has drained.
    detached: true,
    // Its shutdown warnings (pollers losing the frontend) are noise once we are stopping it on purpose.
    onOutput: prefixOutput('temporal', owned.stopping),
  });
}

function prefixOutput(name: string, muteWhen?: AbortSignal): (line: string, stream: 'stdout' | 'stderr') => void {
  const prefix = `[${name}]`.padEnd(11);
  return (line, stream) => {
    if (muteWhen?.aborted === true) return;
    (stream === 'stdout' ? process.stdout : process.stderr).write(`${prefix}${line}\n`);
  };
}

function say(message: string): void {
  process.stdout.write(`${'[dev]'.padEnd(11)}${message}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
