import type { WebhookEventType } from '../../../domain/webhooks';
import { conflict } from '../errors';
import { recordOutboxEvent } from './outbox/record-outbox-event';
import { findWebhookEvent, type WebhookEventRecord, type WebhookSql } from './webhook-history';

export interface TestEventRequest {
  type: WebhookEventType;
  /** A sample of the event's `data`, as its documented example shows it. */
  data: Record<string, unknown>;
  now: Date;
}

/**
 * Sends a sample event to the tenant's webhook URL the way every event goes: recorded in the outbox, signed, and
 * delivered by its own workflow with the retry ladder, so a receiver is tested against exactly what it will get.
 * The event stays in the history like any other. Without a URL there is nowhere to send it: 409.
 */
export async function sendTestWebhookEvent(sql: WebhookSql, request: TestEventRequest): Promise<WebhookEventRecord> {
  const id = await sql.transactional(async (transaction) => {
    const tenant = await sql.one<{ webhook_url: string | null }>(
      'select webhook_url from central.tenants where id = ? for share',
      [sql.tenantId],
      transaction,
    );
    if (tenant?.webhook_url == null) {
      throw conflict('webhook_url_not_set', 'The tenant has no webhook URL; set one with PATCH /tenants/me first');
    }
    return recordOutboxEvent(sql, transaction, {
      type: request.type,
      data: request.data,
      occurredAt: request.now,
      testClockId: null,
    });
  });
  const event = await findWebhookEvent(sql, id);
  if (event === undefined) throw new Error(`test event ${id} vanished after its commit`);
  return event;
}
