import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks';
import { findSchemaViolations } from '../../validation/validator';
import { webhookPayloadSchemaOf } from './payload-schemas';
import { webhookSampleData } from './webhook-samples';

describe('webhook samples', () => {
  it.each([...WEBHOOK_EVENT_TYPES])('%s: the sample is a valid payload of its event', (event) => {
    const payload = {
      id: 'whe_01JD7X3Q8K9V2N4M6P8R0S2T4W',
      event,
      timestamp: '2026-11-21T10:00:00.000Z',
      data: webhookSampleData(event),
    };
    expect(findSchemaViolations(webhookPayloadSchemaOf(event), payload, 'body')).toEqual([]);
  });
});
