import type { Orm } from '../../../../infra/db/orm';
import { subscribeToChannel, type ChannelSubscription } from '../../../../infra/db/notification-channel';

/** The NOTIFY channel `recordOutboxEvent` signals on commit; the payload is the tenant schema that recorded events. */
export const OUTBOX_CHANNEL = 'billing_outbox';

export type OutboxSubscription = ChannelSubscription;

/**
 * LISTENs on the outbox channel with one connection of the ORM's pool, held until closed. `onError` fires once when
 * the connection breaks; the caller subscribes again (the relay's sweep covers what was recorded in between).
 */
export function subscribeToOutbox(options: {
  orm: Orm;
  onSchema: (schema: string) => void;
  onError: (error: Error) => void;
}): Promise<OutboxSubscription> {
  return subscribeToChannel({
    orm: options.orm,
    channel: OUTBOX_CHANNEL,
    onPayload: options.onSchema,
    onError: options.onError,
  });
}
