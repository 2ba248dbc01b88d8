import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import {
  WEBHOOK_EVENT_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventStatus,
  type WebhookEventType,
} from '../../../domain/webhooks';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { DateOrTimestampSchema, TimestampSchema } from '../../schemas/common';

export const WebhookEventTypeSchema = named(
  'WebhookEventType',
  Type.Unsafe<WebhookEventType>({
    type: 'string',
    enum: [...WEBHOOK_EVENT_TYPES],
    description: 'An event of SPEC §6.2',
    example: 'invoice.paid',
  }),
);

export const WebhookEventStatusSchema = named(
  'WebhookEventStatus',
  Type.Unsafe<WebhookEventStatus>({
    type: 'string',
    enum: [...WEBHOOK_EVENT_STATUSES],
    description:
      'PENDING: a delivery series is in progress (or about to start); DELIVERED: a 2xx answered; FAILED: all five ' +
      'attempts of the latest series failed; SKIPPED: recorded while the tenant had no webhook URL, never sent',
    example: 'DELIVERED',
  }),
);

const NullableTimestamp = (description: string) =>
  Type.Union([{ ...TimestampSchema, description }, Type.Null()], { description });

export const WebhookAttemptSchema = named(
  'WebhookAttempt',
  Type.Object(
    {
      id: Type.String({ pattern: `^wha_${ULID_PATTERN}$`, example: 'wha_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      number: Type.Integer({ minimum: 1, maximum: 5, description: 'Attempt 1..5 within its series' }),
      series: Type.Integer({ minimum: 1, description: '1 for the first delivery, 2, 3, … for each redelivery' }),
      attemptedAt: { ...TimestampSchema, description: 'When the request was sent' },
      statusCode: Type.Union([Type.Integer({ example: 200 }), Type.Null()], {
        description: 'The receiver’s HTTP status; null when no answer came (timeout, refused, blocked target)',
      }),
      durationMs: Type.Integer({ minimum: 0, example: 87 }),
      error: Type.Union([Type.String(), Type.Null()], { description: 'Why the attempt failed; null on success' }),
      responseExcerpt: Type.Union([Type.String(), Type.Null()], {
        description: 'The start of the response body, at most 1 KiB',
      }),
    },
    { additionalProperties: false },
  ),
);

export const WebhookEventSchema = named(
  'WebhookEvent',
  Type.Object(
    {
      id: Type.String({
        pattern: `^whe_${ULID_PATTERN}$`,
        description: 'The event id: the envelope’s `id` and the `webhook-id` header, the same on every attempt',
        example: 'whe_01JD7X3Q8K9V2N4M6P8R0S2T4W',
      }),
      event: WebhookEventTypeSchema,
      status: WebhookEventStatusSchema,
      createdAt: { ...TimestampSchema, description: 'When the event was recorded' },
      occurredAt: { ...TimestampSchema, description: 'When the change happened (the envelope’s `timestamp`)' },
      deliveredAt: NullableTimestamp('When the latest series was acknowledged with a 2xx; null otherwise'),
      testClockId: Type.Union(
        [Type.String({ pattern: `^clk_${ULID_PATTERN}$`, example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W' }), Type.Null()],
        {
          description:
            'The test clock of the customer the event is about (or of `test_clock.ready`), as the envelope’s ' +
            '`testClockId`; null for the events of customers on no clock, whose envelope has no such key',
        },
      ),
      data: Type.Object(
        {},
        {
          additionalProperties: true,
          description: 'The record as sent in the envelope (see the `*WebhookPayload` components)',
          example: { id: 'inv_01JD7X3Q8K9V2N4M6P8R0S2T4W', status: 'PAID' },
        },
      ),
      attempts: Type.Array(WebhookAttemptSchema, { description: 'Every attempt, oldest first, series by series' }),
    },
    { additionalProperties: false },
  ),
);
export type WebhookEventJson = Static<typeof WebhookEventSchema>;

export const WebhookEventListSchema = listEnvelopeSchema('WebhookEventList', WebhookEventSchema);

export const WebhookEventListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    event: Type.Optional(WebhookEventTypeSchema),
    status: Type.Optional(WebhookEventStatusSchema),
    testClockId: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Only the events of this test clock: its customers’ and its `test_clock.ready`',
        example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W',
      }),
    ),
    dateFrom: Type.Optional(
      DateOrTimestampSchema('Recorded at or after: a date (its midnight UTC) or a timestamp', '2026-11-01'),
    ),
    dateTo: Type.Optional(
      DateOrTimestampSchema('Recorded at or before: a date (through its end, UTC) or a timestamp', '2026-11-30'),
    ),
  },
  { additionalProperties: false },
);
export type WebhookEventListQuery = Static<typeof WebhookEventListQuerySchema>;

export const TestWebhookEventBodySchema = Type.Object(
  {
    event: Type.Optional({
      ...WebhookEventTypeSchema,
      description: 'The event to send a sample of; `invoice.created` when left out',
    }),
  },
  { additionalProperties: false },
);
export type TestWebhookEventBody = Static<typeof TestWebhookEventBodySchema>;
