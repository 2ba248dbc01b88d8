import { Client, type Connection } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import type { Config } from '../config';
import { createTemporalConnection } from './connection';

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
  const client = new Client({ connection, namespace: config.temporal.namespace });
  return { client, connection, close: () => connection.close() };
}
