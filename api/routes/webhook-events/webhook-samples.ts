import type { WebhookEventType } from '../../../domain/webhooks';
import { composeExample } from '../../openapi/fill-examples';
import { webhookPayloadSchemaOf } from './payload-schemas';

/**
 * The `data` of a sample `event`: the example the API reference shows for that event's payload, composed from the
 * same schemas that describe it, so a test event has every field a real one has.
 */
export function webhookSampleData(event: WebhookEventType): Record<string, unknown> {
  const example = composeExample(webhookPayloadSchemaOf(event)) as { data?: unknown };
  const data = example.data;
  if (typeof data !== 'object' || data === null) throw new Error(`no sample data for ${event}`);
  return data as Record<string, unknown>;
}
