import { ApplicationFailure } from '@temporalio/activity';
import {
  buildWebhookEnvelope,
  isAcknowledged,
  serializeWebhookEnvelope,
  signingSecretsAt,
  WEBHOOK_EVENT_GONE,
  WEBHOOK_SERIES_SUPERSEDED,
  WEBHOOK_REQUEST_TIMEOUT_MS,
} from '../../domain/webhooks';
import type { Config } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import type { Logger } from '../../infra/logger';
import { noteWebhookAttempt } from '../../infra/metrics';
import type { LookupAll } from '../../infra/net/address-policy';
import {
  insertDeliveredWebhookAttempt,
  insertWebhookAttempt,
  findWebhookDelivery,
  markWebhookDeliveryOutcome,
} from '../../services/platform/webhooks';
import { sendWebhook, type WebhookPostResult } from '../../services/platform/webhooks';
import { webhookSignatureHeaders } from '../../services/platform/webhooks';
import type {
  WebhookAttemptInput,
  WebhookAttemptRecord,
  WebhookAttemptResult,
  WebhookDeliveryFinish,
  WebhookPostInput,
} from '../../workflows/webhooks/messages';
import { wallClock } from '../../infra/wall-clock';

export interface WebhookActivityDependencies {
  orm: Orm;
  logger: Logger;
  config: Pick<Config, 'webhookAllowPrivateTargets'>;
  /** Resolves webhook hosts (tests); the system resolver by default. */
  lookup?: LookupAll;
}

/** Recorded (not sent) when the tenant has removed its webhook URL: the attempt fails and the ladder goes on. */
export const NO_WEBHOOK_URL_ERROR = 'webhook_url_not_set: the tenant has no webhook URL';

export function createWebhookActivities({ orm, logger, config, lookup }: WebhookActivityDependencies) {
  /** The POST of one attempt; every HTTP outcome is a result, never a throw (the ladder is the workflow's). */
  async function send(input: WebhookAttemptInput, attemptedAt: Date): Promise<WebhookPostResult> {
    const delivery = await findWebhookDelivery(orm, input);
    if (delivery === undefined) {
      throw ApplicationFailure.nonRetryable(`webhook event ${input.eventId} no longer exists`, WEBHOOK_EVENT_GONE);
    }
    if (delivery.series > input.series) {
      throw ApplicationFailure.nonRetryable(
        `webhook event ${input.eventId}: series ${input.series} replaced by series ${delivery.series}`,
        WEBHOOK_SERIES_SUPERSEDED,
      );
    }
    if (delivery.webhookUrl === null) {
      return { statusCode: null, durationMs: 0, error: NO_WEBHOOK_URL_ERROR, responseExcerpt: null };
    }
    const body = Buffer.from(serializeWebhookEnvelope(buildWebhookEnvelope(delivery.event)), 'utf8');
    const headers = webhookSignatureHeaders({
      id: delivery.event.id,
      timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
      body,
      secrets: signingSecretsAt(delivery.secrets, attemptedAt),
    });
    return sendWebhook({
      url: delivery.webhookUrl,
      body,
      headers,
      allowPrivateTargets: config.webhookAllowPrivateTargets,
      timeoutMs: WEBHOOK_REQUEST_TIMEOUT_MS,
      ...(lookup === undefined ? {} : { lookup }),
    });
  }

  return {
    /**
     * Attempt `number` of a series: load the event and the tenant's target, sign the exact body, POST it once, record
     * the attempt (with the series' DELIVERED outcome, in one statement, on a 2xx when the workflow asks for it).
     * Run with a single-attempt retry policy. If the record cannot be written the outcome is returned as `unrecorded`
     * so that the workflow writes it (and the outcome) with retried activities (the POST is not repeated).
     */
    async postWebhook(input: WebhookPostInput): Promise<WebhookAttemptResult> {
      const { finishWhenAcknowledged, ...attempt } = input;
      // The scheduled instant, unless the activity starts later: a signature timestamp must not be stale. Receivers
      // check it against their wall clock, so this is real (technical) time, not business time.
      const attemptedAt = new Date(Math.max(Date.parse(input.attemptedAt), wallClock.now().getTime()));
      const sentAt = attemptedAt.toISOString();
      const outcome = await send(attempt, attemptedAt);
      const ok = outcome.error === null && isAcknowledged(outcome.statusCode);
      noteWebhookAttempt(ok ? 'delivered' : outcome.statusCode === null ? 'unreachable' : 'rejected');
      const log = { tenantId: input.tenantId, eventId: input.eventId, series: input.series, attempt: input.number };
      logger.info({ ...log, ok, statusCode: outcome.statusCode, durationMs: outcome.durationMs }, 'webhook attempt');
      const finished = ok && finishWhenAcknowledged === true;
      try {
        const row = { ...attempt, attemptedAt, ...outcome };
        await (finished ? insertDeliveredWebhookAttempt(orm, row) : insertWebhookAttempt(orm, row));
        return { ok, statusCode: outcome.statusCode, sentAt, ...(finished ? { finished } : {}) };
      } catch (error) {
        logger.warn({ ...log, err: error }, 'webhook attempt not recorded; the workflow records it');
        return { ok, statusCode: outcome.statusCode, unrecorded: outcome, sentAt };
      }
    },

    /** Writes an attempt the workflow knows about (internal, retried; a second write keeps the first row). */
    async recordWebhookAttempt(record: WebhookAttemptRecord): Promise<void> {
      await insertWebhookAttempt(orm, { ...record, attemptedAt: new Date(record.attemptedAt) });
    },

    /** The series' outcome on the event row, where the row still names this series (internal, retried). */
    async finishWebhookDelivery(finish: WebhookDeliveryFinish): Promise<boolean> {
      return markWebhookDeliveryOutcome(orm, { ...finish, at: new Date(finish.at) });
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
