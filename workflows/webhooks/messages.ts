import type { WebhookEventStatus, WebhookSeriesOutcome } from '../../domain/webhooks';

/**
 * Wire types of outbound webhook delivery (CONTRACT §8). One workflow per attempt series of one outbox event:
 * the first series has id `webhook:<tenantId>:<eventId>`, a redelivery `webhook:<tenantId>:<eventId>-<series>`.
 */

/** Workflow type name, so the relay and the API can start it without importing workflow code. */
export const WEBHOOK_DELIVERY_WORKFLOW_TYPE = 'webhookDeliveryWorkflow';

export interface WebhookDeliveryInput {
  tenantId: string;
  eventId: string;
  /** 1 for the delivery started from the outbox, 2, 3, … for redeliveries. */
  series: number;
  /** When the series began (the event's occurrence for series 1): attempts are due at +0, +5 min, +30 min, +2 h, +24 h. */
  startedAt: string;
}

export type WebhookDeliveryOutcome = Exclude<WebhookEventStatus, 'PENDING'>;

export interface WebhookDeliveryResult {
  outcome: WebhookDeliveryOutcome;
  attempts: number;
}

/** Offsets of the five attempts from the start of a series (SPEC §6.3), defined once. */
export const WEBHOOK_ATTEMPT_OFFSETS_MS: readonly number[] = [
  0,
  5 * 60 * 1000,
  30 * 60 * 1000,
  2 * 60 * 60 * 1000,
  24 * 60 * 60 * 1000,
];

/** One attempt of a series, as the workflow hands it to the `postWebhook` activity. */
export interface WebhookAttemptInput {
  tenantId: string;
  eventId: string;
  series: number;
  /** 1..5. */
  number: number;
  /**
   * The workflow's clock when the attempt fired (ISO). The activity sends at this instant or, when it starts later
   * (a backed-up task queue), at its own start: `webhook-timestamp` is never older than the request, which
   * Standard Webhooks receivers check (5 min tolerance).
   */
  attemptedAt: string;
}

/** Marks attempts whose activity writes DELIVERED itself: workflows started before it call `finishWebhookDelivery`. */
export const FINISH_IN_ATTEMPT_PATCH = 'webhook-finish-in-attempt';

/** What the workflow hands the `postWebhook` activity. */
export interface WebhookPostInput extends WebhookAttemptInput {
  /**
   * On a 2xx, write the series' DELIVERED outcome in the attempt's own transaction (set from FINISH_IN_ATTEMPT_PATCH
   * on). Absent in attempts scheduled by earlier workflow code, which finish with a second activity.
   */
  finishWhenAcknowledged?: boolean;
}

/** An attempt as recorded (or to be recorded) in `webhook_attempts`. */
export interface WebhookAttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export interface WebhookAttemptResult {
  /** A 2xx arrived within the timeout. */
  ok: boolean;
  statusCode: number | null;
  /** Present only when the attempt could not be written: the workflow records it with a retried activity. */
  unrecorded?: WebhookAttemptOutcome;
  /** True when the attempt and the series' DELIVERED outcome were written together: nothing is left to write. */
  finished?: boolean;
  /** When the request was sent (ISO): `webhook-timestamp` and `attempted_at`. */
  sentAt: string;
}

export interface WebhookAttemptRecord extends WebhookAttemptInput, WebhookAttemptOutcome {}

export interface WebhookDeliveryFinish {
  tenantId: string;
  eventId: string;
  series: number;
  status: WebhookSeriesOutcome;
  /** The acknowledged attempt's time for DELIVERED; the workflow's clock for FAILED. */
  at: string;
}
