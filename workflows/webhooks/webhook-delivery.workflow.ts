import {
  ActivityFailure,
  ApplicationFailure,
  patched,
  proxyActivities,
  setCurrentDetails,
  sleep,
  upsertMemo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions, singleAttemptActivityOptions } from '../activity-options';
import { WEBHOOK_EVENT_GONE, WEBHOOK_REQUEST_TIMEOUT_MS, WEBHOOK_SERIES_SUPERSEDED } from '../../domain/webhooks';
import {
  FINISH_IN_ATTEMPT_PATCH,
  WEBHOOK_ATTEMPT_OFFSETS_MS,
  type WebhookAttemptInput,
  type WebhookAttemptResult,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from './messages';

const { recordWebhookAttempt, finishWebhookDelivery } = proxyActivities<Activities>(internalActivityOptions);

// The POST may use its whole 30 s; loading the event and recording the attempt need time on top, or Temporal would
// time the activity out just before it could record a timed-out attempt. Still a single attempt: no retry.
const ATTEMPT_ACTIVITY_TIMEOUT_MS = WEBHOOK_REQUEST_TIMEOUT_MS + 30_000;

const ATTEMPTS = WEBHOOK_ATTEMPT_OFFSETS_MS.length;

/** `+5 min`, `+2 h`: how Temporal UI names each timer and attempt. */
function offsetLabel(offsetMs: number): string {
  if (offsetMs === 0) return '+0';
  const minutes = offsetMs / 60_000;
  return minutes < 60 ? `+${minutes} min` : `+${minutes / 60} h`;
}

/**
 * Delivers one outbox event in one attempt series (`webhook:<tenantId>:<eventId>`, `…-<series>` for redeliveries):
 * attempt n is due at `startedAt + WEBHOOK_ATTEMPT_OFFSETS_MS[n-1]`, waited for with a durable timer computed from
 * workflow time, so a worker restart (replay) resumes the same ladder: nothing sent twice, nothing skipped. Each
 * attempt is one single-attempt activity; a 2xx ends the series DELIVERED (written by the attempt's activity itself,
 * or by a second activity in workflows started before FINISH_IN_ATTEMPT_PATCH), five failures end it FAILED.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { tenantId, eventId, series } = input;
  const startedAtMs = Date.parse(input.startedAt);
  upsertMemo({ tenantId, eventId, series });
  for (let number = 1; number <= ATTEMPTS; number++) {
    const offsetMs = WEBHOOK_ATTEMPT_OFFSETS_MS[number - 1] ?? 0;
    const label = `attempt ${number} of ${ATTEMPTS} (${offsetLabel(offsetMs)})`;
    const waitMs = startedAtMs + offsetMs - Date.now();
    if (waitMs > 0) {
      setCurrentDetails(`Event ${eventId}, series ${series}: waiting for ${label}`);
      await sleep(waitMs, { summary: `until ${label} of webhook ${eventId}` });
    }
    setCurrentDetails(`Event ${eventId}, series ${series}: ${label}`);
    const attempt = { tenantId, eventId, series, number, attemptedAt: new Date(Date.now()).toISOString() };
    const result = await postAttempt(attempt, label);
    if (result === 'gone') {
      setCurrentDetails(`Event ${eventId} no longer exists: nothing delivered`);
      return { outcome: 'SKIPPED', attempts: number - 1 };
    }
    if (result === 'superseded') {
      setCurrentDetails(`Event ${eventId}, series ${series}: replaced by a redelivery, which delivers it`);
      return { outcome: 'SKIPPED', attempts: number - 1 };
    }
    if (result.ok) {
      if (result.finished !== true) {
        await finishWebhookDelivery({ tenantId, eventId, series, status: 'DELIVERED', at: result.sentAt });
      }
      setCurrentDetails(`Event ${eventId}, series ${series}: delivered by attempt ${number}`);
      return { outcome: 'DELIVERED', attempts: number };
    }
  }
  await finishWebhookDelivery({ tenantId, eventId, series, status: 'FAILED', at: new Date(Date.now()).toISOString() });
  setCurrentDetails(`Event ${eventId}, series ${series}: failed after ${ATTEMPTS} attempts`);
  return { outcome: 'FAILED', attempts: ATTEMPTS };
}

/**
 * One attempt. An activity that failed (crashed, timed out, could not load the event) is a failed attempt, written
 * with its error unless the activity got as far as writing it; a write the activity could not make is made here.
 */
async function postAttempt(
  attempt: WebhookAttemptInput,
  label: string,
): Promise<Pick<WebhookAttemptResult, 'ok' | 'sentAt' | 'finished'> | 'gone' | 'superseded'> {
  const { postWebhook } = proxyActivities<Activities>({
    ...singleAttemptActivityOptions,
    startToCloseTimeout: ATTEMPT_ACTIVITY_TIMEOUT_MS,
    summary: `POST ${label}`,
  });
  // From the patch on, a 2xx's attempt row and DELIVERED outcome are one write: one activity per delivery, not two.
  const finishWhenAcknowledged = patched(FINISH_IN_ATTEMPT_PATCH);
  try {
    const result = await postWebhook({ ...attempt, ...(finishWhenAcknowledged ? { finishWhenAcknowledged } : {}) });
    if (result.unrecorded !== undefined) {
      await recordWebhookAttempt({ ...attempt, attemptedAt: result.sentAt, ...result.unrecorded });
    }
    return result;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    if (error.cause instanceof ApplicationFailure && error.cause.type === WEBHOOK_EVENT_GONE) return 'gone';
    if (error.cause instanceof ApplicationFailure && error.cause.type === WEBHOOK_SERIES_SUPERSEDED)
      return 'superseded';
    const reason = error.cause?.message ?? error.message;
    await recordWebhookAttempt({
      ...attempt,
      statusCode: null,
      durationMs: Math.max(0, Date.now() - Date.parse(attempt.attemptedAt)),
      error: `attempt did not complete: ${reason}`,
      responseExcerpt: null,
    });
    return { ok: false, sentAt: attempt.attemptedAt };
  }
}
