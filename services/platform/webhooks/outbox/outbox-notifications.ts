import type { Orm } from '../../../../infra/db/orm';

/** The NOTIFY channel `recordOutboxEvent` signals on commit; the payload is the tenant schema that recorded events. */
export const OUTBOX_CHANNEL = 'billing_outbox';

/** The part of a `pg` pool client LISTEN needs (`pg` ships no types; MikroORM hands out its pool untyped). */
interface ListeningClient {
  query: (sql: string) => Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  release: (error?: Error | boolean) => void;
}

interface NativePool {
  connect: () => Promise<ListeningClient>;
}

export interface OutboxSubscription {
  /** Unlistens and gives the connection back (destroyed, so no pooled connection keeps a LISTEN). */
  close: () => Promise<void>;
}

/**
 * LISTENs on the outbox channel with one connection of the ORM's pool, held until closed. `onError` fires once when
 * the connection breaks; the caller subscribes again (the relay's sweep covers what was recorded in between).
 */
export async function subscribeToOutbox(options: {
  orm: Orm;
  onSchema: (schema: string) => void;
  onError: (error: Error) => void;
}): Promise<OutboxSubscription> {
  const connection = options.orm.em.getConnection();
  const pool = (await connection.getNativeClient()) as NativePool;
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error): void => {
    if (released) return;
    released = true;
    client.release(error ?? true);
  };
  client.on('notification', (message) => {
    if (message.channel === OUTBOX_CHANNEL && message.payload !== undefined) options.onSchema(message.payload);
  });
  client.on('error', (error) => {
    release(error);
    options.onError(error);
  });
  try {
    await client.query(`listen ${OUTBOX_CHANNEL}`);
  } catch (error) {
    release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  return {
    close: async () => {
      if (released) return;
      await client.query(`unlisten ${OUTBOX_CHANNEL}`).catch(() => undefined);
      release();
    },
  };
}
