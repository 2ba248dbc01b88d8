/**
 * The body of an outbound webhook (CONTRACT §8). `id` is the event id, the same on every attempt and series, so a
 * receiver can drop duplicates; `timestamp` is when the event happened, not when this attempt was sent (that is the
 * `webhook-timestamp` header). An event about a customer on a test clock also carries `testClockId`, and its
 * `timestamp` is the clock's time; every other event has no `testClockId` key at all, so the envelope of ordinary
 * events stays exactly `{ id, event, timestamp, data }`.
 */
export interface WebhookEnvelope {
  id: string;
  event: string;
  timestamp: string;
  testClockId?: string;
  data: Record<string, unknown>;
}

export interface OutboxEvent {
  id: string;
  type: string;
  occurredAt: Date;
  /** The test clock of the event's customer (or the clock itself for `test_clock.ready`); null otherwise. */
  testClockId: string | null;
  /** The record as the API presented it when the event was recorded. */
  data: Record<string, unknown>;
}

export function buildWebhookEnvelope(event: OutboxEvent): WebhookEnvelope {
  const envelope = { id: event.id, event: event.type, timestamp: event.occurredAt.toISOString(), data: event.data };
  return event.testClockId === null ? envelope : { ...envelope, testClockId: event.testClockId };
}

/** The exact text that is signed and sent: serialised once, so the signature covers the bytes on the wire. */
export function serializeWebhookEnvelope(envelope: WebhookEnvelope): string {
  // Fixed key order, whatever order the object was built in; `testClockId` only when there is one.
  const { id, event, timestamp, testClockId, data } = envelope;
  return JSON.stringify(
    testClockId === undefined ? { id, event, timestamp, data } : { id, event, timestamp, testClockId, data },
  );
}
