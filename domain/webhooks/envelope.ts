/**
 * The body of an outbound webhook (CONTRACT §8). `id` is the event id, the same on every attempt and series, so a
 * receiver can drop duplicates; `timestamp` is when the event happened, not when this attempt was sent (that is the
 * `webhook-timestamp` header).
 */
export interface WebhookEnvelope {
  id: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface OutboxEvent {
  id: string;
  type: string;
  occurredAt: Date;
  /** The record as the API presented it when the event was recorded. */
  data: Record<string, unknown>;
}

export function buildWebhookEnvelope(event: OutboxEvent): WebhookEnvelope {
  return { id: event.id, event: event.type, timestamp: event.occurredAt.toISOString(), data: event.data };
}

/** The exact text that is signed and sent: serialised once, so the signature covers the bytes on the wire. */
export function serializeWebhookEnvelope(envelope: WebhookEnvelope): string {
  // Fixed key order, whatever order the object was built in.
  return JSON.stringify({ id: envelope.id, event: envelope.event, timestamp: envelope.timestamp, data: envelope.data });
}
