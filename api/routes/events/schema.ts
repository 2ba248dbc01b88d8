import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { MAX_PROPERTY_VALUE_LENGTH } from '../../../services/metering/ingestion';
import { DateOrTimestampSchema, TimestampSchema } from '../../schemas/common';

/** CONTRACT §10: a batch carries 1..1000 events. */
export const MAX_BATCH_EVENTS = 1000;
const MAX_PROPERTIES = 64;

const EXAMPLE_EVENT = {
  id: 'evt_01JD9A2B3C4D5E6F7G8H9J0K1M',
  transactionId: 'req-7f3a9c',
  subscriptionId: 'sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E',
  customerId: 'cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E',
  code: 'storage_gb',
  timestamp: '2026-11-21T10:00:00.000Z',
  properties: { gb: '12.5', region: 'eu' },
  createdAt: '2026-11-21T10:00:00.125Z',
};

export const UsageEventPropertiesSchema = named(
  'UsageEventProperties',
  Type.Object(
    {},
    {
      additionalProperties: Type.Union([Type.String({ maxLength: MAX_PROPERTY_VALUE_LENGTH }), Type.Number()]),
      maxProperties: MAX_PROPERTIES,
      description:
        'String (at most 1,000 characters) or number values, at most 64 keys, names of at most 100 characters. ' +
        'The metric reads `fieldName` (a finite number or numeric string ' +
        'of up to 15 significant digits for SUM, MAX, LATEST, WEIGHTED_SUM); `operation_type` (add | remove) only ' +
        'on UNIQUE_COUNT metrics; a metric filter key takes one of its values.',
      example: EXAMPLE_EVENT.properties,
    },
  ),
);

const eventInputProperties = {
  transactionId: Type.String({
    minLength: 1,
    maxLength: 255,
    description: "The caller's idempotency key, unique per tenant: a repeat with the same payload adds nothing",
    example: EXAMPLE_EVENT.transactionId,
  }),
  subscriptionId: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'The subscription’s id; send this or `externalSubscriptionId`, exactly one of the two',
      example: EXAMPLE_EVENT.subscriptionId,
    }),
  ),
  externalSubscriptionId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'The subscription’s `externalId` (your own id for it), instead of `subscriptionId`; exactly one of the two',
      example: 'crm-sub-7',
    }),
  ),
  code: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'The code of a billable metric',
    example: EXAMPLE_EVENT.code,
  }),
  timestamp: Type.Optional({
    ...TimestampSchema,
    description:
      'When the usage happened; the time of receipt by default. At most 5 minutes ahead, not before the ' +
      'subscription started or after it ended, not while it is paused, not in a period already invoiced',
  }),
  properties: Type.Optional(UsageEventPropertiesSchema),
};

export const CreateUsageEventBodySchema = named(
  'CreateUsageEventRequest',
  Type.Object(eventInputProperties, {
    additionalProperties: false,
    example: {
      transactionId: EXAMPLE_EVENT.transactionId,
      subscriptionId: EXAMPLE_EVENT.subscriptionId,
      code: EXAMPLE_EVENT.code,
      timestamp: EXAMPLE_EVENT.timestamp,
      properties: EXAMPLE_EVENT.properties,
    },
  }),
);
export type CreateUsageEventBody = Static<typeof CreateUsageEventBodySchema>;

export const CreateUsageEventBatchBodySchema = named(
  'CreateUsageEventBatchRequest',
  Type.Object(
    { events: Type.Array(CreateUsageEventBodySchema, { minItems: 1, maxItems: MAX_BATCH_EVENTS }) },
    { additionalProperties: false },
  ),
);

export const UsageEventSchema = named(
  'UsageEvent',
  Type.Object(
    {
      id: Type.String({ pattern: `^evt_${ULID_PATTERN}$`, example: EXAMPLE_EVENT.id }),
      transactionId: Type.String({ example: EXAMPLE_EVENT.transactionId }),
      subscriptionId: Type.String({ example: EXAMPLE_EVENT.subscriptionId }),
      customerId: Type.String({ example: EXAMPLE_EVENT.customerId }),
      code: Type.String({ example: EXAMPLE_EVENT.code }),
      timestamp: TimestampSchema,
      properties: UsageEventPropertiesSchema,
      createdAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type UsageEventJson = Static<typeof UsageEventSchema>;

export const UsageEventBatchResultSchema = named(
  'UsageEventBatchResult',
  Type.Object(
    {
      created: Type.Integer({ minimum: 0, description: 'Events stored by this request' }),
      duplicates: Type.Integer({ minimum: 0, description: 'Identical replays of events stored before' }),
      data: Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: `^evt_${ULID_PATTERN}$`, example: EXAMPLE_EVENT.id }),
            transactionId: Type.String({ example: EXAMPLE_EVENT.transactionId }),
            duplicate: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        { description: 'One entry per event, in input order' },
      ),
    },
    { additionalProperties: false },
  ),
);
export type UsageEventBatchResultJson = Static<typeof UsageEventBatchResultSchema>;

export const UsageEventListSchema = listEnvelopeSchema('UsageEventList', UsageEventSchema);

export const SubscriptionEventsParamsSchema = Type.Object(
  { subscriptionId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

export const SubscriptionEventsQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Only events of this metric code' })),
    from: Type.Optional(
      DateOrTimestampSchema('Timestamp at or after: a date (its midnight UTC) or a timestamp', '2026-11-01'),
    ),
    to: Type.Optional(
      DateOrTimestampSchema('Timestamp at or before: a date (through its end, UTC) or a timestamp', '2026-11-30'),
    ),
  },
  { additionalProperties: false },
);
export type SubscriptionEventsQuery = Static<typeof SubscriptionEventsQuerySchema>;
