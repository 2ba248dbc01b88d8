import { once } from 'node:events';
import type { Server } from 'node:http';
import type Koa from 'koa';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) races a client or proxy that reuses a
 * connection just as the server closes it, and the request fails with ECONNRESET. Proxies commonly keep idle
 * upstream connections for up to 60 s, so the server must hold them longer than that: a connection is then always
 * closed by the side that reuses it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Starts listening and resolves once the port is bound (rejects if it cannot be, e.g. EADDRINUSE). */
export async function listen(app: Koa, options: { port: number; host?: string }): Promise<Server> {
  const server = app.listen(options.port, options.host);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Headers must be allowed to take longer than the idle wait, or Node cuts a reused connection's next request.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error as Error;
    }),
  ]);
  return server;
}

/**
 * Stops accepting connections, lets in-flight requests finish, and closes idle keep-alive sockets; after
 * `drainTimeoutMs` any request still running is cut so shutdown always ends.
 */
export async function drainAndClose(server: Server, options: { drainTimeoutMs: number }): Promise<void> {
  const closed = new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  // A keep-alive socket becomes idle only when its request ends, so idle sockets are swept while draining.
  server.closeIdleConnections();
  const sweeper = setInterval(() => {
    server.closeIdleConnections();
  }, 50);
  const timer = setTimeout(() => {
    server.closeAllConnections();
  }, options.drainTimeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(sweeper);
    clearTimeout(timer);
  }
}
