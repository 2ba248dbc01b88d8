export { temporalWebhookDeliveryStarter } from './delivery-starter';
export {
  findWebhookDelivery,
  insertDeliveredWebhookAttempt,
  insertWebhookAttempt,
  markWebhookDeliveryOutcome,
} from './delivery-store';
export { recordOutboxEvent, rewriteOutboxEventData, type OutboxEventInput } from './outbox/record-outbox-event';
export { startOutboxRelay } from './outbox/relay-loop';
export { redeliverWebhookEvent } from './redeliver';
export { sendWebhook, type WebhookPostResult } from './send-webhook';
export { sendTestWebhookEvent, type TestEventRequest } from './test-event';
export { webhookSignatureHeaders } from './signature';
export { redeliveryError, webhookEventNotFound } from './webhook-event-errors';
export {
  findWebhookEvent,
  listWebhookEvents,
  type WebhookEventFilters,
  type WebhookEventRecord,
} from './webhook-history';
