export { temporalWebhookDeliveryStarter } from './delivery-starter';
export { insertWebhookAttempt, loadWebhookDelivery, markWebhookDeliveryOutcome } from './delivery-store';
export { EVENT_TYPES, recordEvent, type EventType } from './outbox/record-event';
export { startOutboxRelay } from './outbox/relay-loop';
export { redeliverWebhookEvent } from './redeliver';
export { sendWebhook, type WebhookPostResult } from './send-webhook';
export { webhookSignatureHeaders } from './signature';
export { redeliveryError, webhookEventNotFound } from './webhook-event-errors';
export {
  findWebhookEvent,
  listWebhookEvents,
  type WebhookEventFilters,
  type WebhookEventRecord,
} from './webhook-history';
