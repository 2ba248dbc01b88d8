import type { WebhookEventRecord } from '../../../services/platform/webhooks';
import type { WebhookEventJson } from './schema';

export function presentWebhookEvent(record: WebhookEventRecord): WebhookEventJson {
  return {
    id: record.id,
    event: record.event as WebhookEventJson['event'],
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    occurredAt: record.occurredAt.toISOString(),
    deliveredAt: record.deliveredAt?.toISOString() ?? null,
    testClockId: record.testClockId,
    data: record.data,
    attempts: record.attempts.map((attempt) => ({
      id: attempt.id,
      number: attempt.number,
      series: attempt.series,
      attemptedAt: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
      responseExcerpt: attempt.responseExcerpt,
    })),
  };
}
