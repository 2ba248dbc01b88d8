import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EXPOSITION_CONTENT_TYPE,
  expositionOf,
  isScrapeAuthorized,
  processMetricsRegistry,
  SCRAPE_CHALLENGE,
} from '../infra/metrics';
import type { Logger } from '../infra/logger';
import type { WorkerMetrics } from './worker-metrics';

/** A scrape waits this long for the Temporal SDK's exporter, then answers with the worker's own series. */
const TEMPORAL_EXPORTER_TIMEOUT_MS = 2_000;

export interface WorkerMetricsServerOptions {
  host: string;
  /** 0: any free port (read it from the result). */
  port: number;
  token: string | null;
  metrics: WorkerMetrics;
  /** host:port of the Temporal SDK's exporter, relayed into every scrape; null when the runtime exports none. */
  temporalExporterAddress: string | null;
  logger: Logger;
}

export interface WorkerMetricsServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * The worker's `GET /metrics`: its own series, the process's, and the Temporal SDK's as its exporter serves them,
 * so one scrape target per worker carries everything and one token guards it.
 */
export async function startWorkerMetricsServer(options: WorkerMetricsServerOptions): Promise<WorkerMetricsServer> {
  const server = createServer((request, response) => {
    answer(options, request, response).catch((error: unknown) => {
      options.logger.error({ err: error }, 'metrics scrape failed');
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await listening(server, options);
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}

async function answer(options: WorkerMetricsServerOptions, request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://worker').pathname;
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
    return;
  }
  if (!isScrapeAuthorized(request.headers.authorization, options.token)) {
    response
      .writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': SCRAPE_CHALLENGE })
      .end('A valid metrics token is required\n');
    return;
  }
  const temporal = await temporalExposition(options);
  options.metrics.temporalExporterUp.set(temporal === undefined ? 0 : 1);
  const body = await expositionOf(
    [options.metrics.registry, processMetricsRegistry()],
    temporal === undefined ? [] : [temporal],
  );
  response.writeHead(200, { 'Content-Type': EXPOSITION_CONTENT_TYPE, 'Cache-Control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The Temporal SDK exporter's text, or undefined (logged) when it cannot be read. */
async function temporalExposition(options: WorkerMetricsServerOptions): Promise<string | undefined> {
  if (options.temporalExporterAddress === null) return undefined;
  try {
    const response = await fetch(`http://${options.temporalExporterAddress}/metrics`, {
      signal: AbortSignal.timeout(TEMPORAL_EXPORTER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the Temporal SDK's exporter answered ${response.status}`);
    return await response.text();
  } catch (error) {
    options.logger.warn({ err: error, address: options.temporalExporterAddress }, 'Temporal runtime metrics unread');
    return undefined;
  }
}

async function listening(server: Server, options: Pick<WorkerMetricsServerOptions, 'host' | 'port'>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
