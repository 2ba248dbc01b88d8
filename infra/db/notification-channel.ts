import type { Orm } from './orm';

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

export interface ChannelSubscription {
  /** Unlistens and gives the connection back (destroyed, so no pooled connection keeps a LISTEN). */
  close: () => Promise<void>;
}

/**
 * LISTENs on `channel` (a fixed identifier, never user input) with one connection of the ORM's pool, held until
 * closed. `onError` fires once when the connection breaks; the caller subscribes again and catches up on what was
 * committed meanwhile (a notification sent while nobody listened is lost for good).
 */
export async function subscribeToChannel(options: {
  orm: Orm;
  channel: string;
  onPayload: (payload: string) => void;
  onError: (error: Error) => void;
}): Promise<ChannelSubscription> {
  const { channel } = options;
  const pool = (await options.orm.em.getConnection().getNativeClient()) as NativePool;
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error): void => {
    if (released) return;
    released = true;
    client.release(error ?? true);
  };
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload !== undefined) options.onPayload(message.payload);
  });
  client.on('error', (error) => {
    release(error);
    options.onError(error);
  });
  try {
    await client.query(`listen ${channel}`);
  } catch (error) {
    release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  return {
    close: async () => {
      if (released) return;
      await client.query(`unlisten ${channel}`).catch(() => undefined);
      release();
    },
  };
}
