import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { createLogger, type Logger } from '../../infra/logger';
import { loadConfig, type Config } from '../../infra/config';
import { listen } from '../../api/http-server';

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** Serves an app on a free loopback port so tests go through real HTTP, with the keep-alive settings of production. */
export async function serve(app: Koa): Promise<RunningServer> {
  const server = await listen(app, { port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

/** A logger whose JSON lines are kept in memory, to assert on what was logged. */
export function memoryLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  // The production logger (redaction, trace ids), writing to memory.
  const logger = createLogger({ level: 'info', name: 'test' }, { write: (chunk: string) => chunks.push(chunk) });
  return {
    logger,
    lines: () =>
      chunks.flatMap((chunk) => chunk.trim().split('\n')).map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** The configuration the test harness prepared (test database, test Temporal), read the one sanctioned way. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...process.env, ...overrides });
}
