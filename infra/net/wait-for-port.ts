import { connect, createServer, type Server } from 'node:net';

export interface HostPort {
  host: string;
  port: number;
}

/** Splits `host:port` (also `[::1]:7233`) as accepted by infra/config.ts. */
export function parseHostPort(address: string): HostPort {
  const separator = address.lastIndexOf(':');
  const host = address.slice(0, separator).replace(/^\[(.*)\]$/, '$1');
  const port = Number(address.slice(separator + 1));
  if (separator <= 0 || host === '' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Expected host:port, got "${address}"`);
  }
  return { host, port };
}

/** True when something accepts a TCP connection at host:port within `timeoutMs`. */
export function isPortOpen(target: HostPort, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port });
    const finish = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => {
      finish(false);
    });
    socket.once('connect', () => {
      finish(true);
    });
    socket.once('error', () => {
      finish(false);
    });
  });
}

export interface WaitForPortOptions extends HostPort {
  timeoutMs: number;
  intervalMs?: number;
  /** Stops waiting early, e.g. when the process expected to listen has exited. */
  signal?: AbortSignal;
}

/** Polls until host:port accepts connections; rejects on timeout or abort. */
export async function waitForPort(options: WaitForPortOptions): Promise<void> {
  const { host, port, timeoutMs, intervalMs = 200, signal } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    if (await isPortOpen({ host, port })) return;
    if (Date.now() >= deadline) throw new Error(`Nothing listened at ${host}:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Asks the OS for `count` distinct ports that are free right now. All are held until each is known, so they
 * differ; the caller binds them soon after (another process could take one in between, which is rare).
 */
export async function findFreePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const server = createServer();
      servers.push(server);
      ports.push(await listenOnAnyPort(server, host));
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const [port] = await findFreePorts(1, host);
  if (port === undefined) throw new Error('Could not determine a free port');
  return port;
}

function listenOnAnyPort(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (address !== null && typeof address === 'object') resolve(address.port);
      else reject(new Error('Could not determine a free port'));
    });
  });
}
