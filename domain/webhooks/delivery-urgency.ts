import type { WebhookEventType } from './webhook-event-type';

/**
 * The events whose delivery goes ahead of the others when deliveries queue up: the balance alerts, which a tenant
 * acts on at once (a customer's prepaid credit is running out or gone, usage may have to stop). Everything else
 * (invoices, payments, subscriptions) keeps its turn. Urgency reorders a backlog only; the attempt schedule, the
 * signing and the at-least-once guarantee are the same for every event.
 */
const URGENT_EVENT_TYPES: ReadonlySet<string> = new Set<WebhookEventType>(['wallet.low_balance', 'wallet.depleted']);

export function isUrgentWebhookEvent(eventType: string): boolean {
  return URGENT_EVENT_TYPES.has(eventType);
}
