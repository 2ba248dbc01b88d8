import type { Activities } from '../../activities';
import { describeUnacknowledgedStatus, isAcknowledged } from '../../domain/webhooks';
import type { WebhookAttemptOutcome } from '../../workflows/webhooks/messages';

/**
 * The webhook delivery activities in memory: a scripted receiver instead of HTTP and the database, for workflow
 * tests and history recordings.
 */

type In<K extends keyof Activities> = Parameters<Activities[K]>[0];

/**
 * What attempt n meets: an HTTP status (recorded by the activity itself), a status whose attempt row the activity
 * could not write (`unrecorded`: the workflow writes it), or a crash (the activity fails; the workflow records it).
 */
export type FakeWebhookReply = number | { unrecorded: number } | 'crash';

export function createFakeWebhookActivities(replies: readonly FakeWebhookReply[]) {
  const activities = {
    postWebhook(input: In<'postWebhook'>) {
      const reply = replies[input.number - 1] ?? 'crash';
      if (reply === 'crash') return Promise.reject(new Error(`attempt ${input.number}: the worker crashed`));
      const statusCode = typeof reply === 'number' ? reply : reply.unrecorded;
      const ok = isAcknowledged(statusCode);
      const error = describeUnacknowledgedStatus(statusCode);
      const outcome: WebhookAttemptOutcome = { statusCode, durationMs: 12, error, responseExcerpt: null };
      const recorded = typeof reply === 'number';
      // Like the real activity: DELIVERED is written with the attempt when the workflow asks and the write succeeds.
      const finished = ok && recorded && input.finishWhenAcknowledged === true;
      return Promise.resolve({
        ok,
        statusCode,
        sentAt: input.attemptedAt,
        ...(recorded ? {} : { unrecorded: outcome }),
        ...(finished ? { finished } : {}),
      });
    },
    recordWebhookAttempt: (_record: In<'recordWebhookAttempt'>) => Promise.resolve(),
    finishWebhookDelivery: (_finish: In<'finishWebhookDelivery'>) => Promise.resolve(true),
  };
  return { activities };
}
