import { Client, type Connection } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import type { Config } from '../config';
import { createTemporalConnection } from './connection';
import { tracingClientInterceptors } from '../tracing/temporal-interceptors';

export interface TemporalClient {
  client: Client;
  connection: Connection;
  /** Releases the connection; call once on shutdown. */
  close: () => Promise<void>;
}

/** A client bound to the configured namespace; `close()` releases the connection (call it once on shutdown). */
export async function createTemporalClient(
  config: Pick<Config, 'temporal'>,
  options: { connectTimeout?: Duration } = {},
): Promise<TemporalClient> {
  const connection = await createTemporalConnection(config, options);
  // Workflows started or signalled through it continue the caller's trace (inert while tracing is off).
  const client = new Client({
    connection,
    namespace: config.temporal.namespace,
    interceptors: tracingClientInterceptors(),
  });
  return { client, connection, close: () => connection.close() };
}
