import { Connection } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import type { Config } from '../config';

/** Fail fast at start-up instead of hanging when the server is down or the address is wrong. */
export const DEFAULT_CONNECT_TIMEOUT: Duration = '10 seconds';

/** Opens a gRPC connection to the Temporal frontend at `config.temporal.address` (one call proves it answers). */
export async function createTemporalConnection(
  config: Pick<Config, 'temporal'>,
  options: { connectTimeout?: Duration } = {},
): Promise<Connection> {
  return Connection.connect({
    address: config.temporal.address,
    connectTimeout: options.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT,
  });
}

/**
 * For health probes (`pingTemporal`): lazy, so the API boots while Temporal is down and reports it through
 * /health, and without the SDK's default retry interceptor. That interceptor sleeps its backoff past the probe's
 * deadline (a 2 s probe answered after 3 s here) and its pending retry timer throws "Channel has been shut down"
 * when it fires after `close()`. A probe wants the present state, not a retried one.
 */
export function createTemporalHealthConnection(config: Pick<Config, 'temporal'>): Connection {
  return Connection.lazy({ address: config.temporal.address, interceptors: [] });
}
