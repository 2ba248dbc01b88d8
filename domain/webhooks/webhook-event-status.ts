/**
 * An outbound event's delivery status (CONTRACT §8): PENDING while a series runs, DELIVERED once acknowledged, FAILED
 * when every attempt of the latest series failed, SKIPPED when recorded while the tenant had no webhook URL.
 */
export const WEBHOOK_EVENT_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'SKIPPED'] as const;
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

/** How a delivery series ends on the event row. */
export type WebhookSeriesOutcome = Extract<WebhookEventStatus, 'DELIVERED' | 'FAILED'>;
