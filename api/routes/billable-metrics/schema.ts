import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { AGGREGATION_TYPES, type AggregationType } from '../../../domain/metering';
import { listEnvelopeSchema } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { TimestampSchema } from '../../schemas/common';

export const AggregationTypeSchema = named(
  'AggregationType',
  Type.Unsafe<AggregationType>({
    type: 'string',
    enum: [...AGGREGATION_TYPES],
    description: 'How the events of a period are aggregated into a quantity',
    example: 'SUM',
  }),
);

const NameSchema = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', example: 'API calls' });
const DescriptionSchema = Type.String({ maxLength: 1000, example: 'Calls to the public API' });
const FieldNameSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'The event property aggregated; required for every aggregation but COUNT',
  example: 'bytes',
});
const RecurringSchema = Type.Boolean({
  description: 'Whether the quantity carries over to the next period; only for SUM, UNIQUE_COUNT and WEIGHTED_SUM',
  example: false,
});

export const MetricFilterSchema = named(
  'BillableMetricFilter',
  Type.Object(
    {
      key: Type.String({ minLength: 1, maxLength: 255, description: 'An event property', example: 'region' }),
      values: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
        minItems: 1,
        uniqueItems: true,
        description: 'The values a charge may price separately, each once',
        example: ['eu', 'us'],
      }),
    },
    { additionalProperties: false },
  ),
);

const FiltersSchema = Type.Array(MetricFilterSchema, {
  maxItems: 50,
  description: 'Dimensions of the metric; keys are unique',
});

export const BillableMetricSchema = named(
  'BillableMetric',
  Type.Object(
    {
      id: Type.String({ pattern: `^bm_${ULID_PATTERN}$`, example: 'bm_01JD3Z8V4N6QKX2M7R9T5W0BCY' }),
      name: Type.String({ example: 'API calls' }),
      code: Type.String({ description: 'Referenced by usage events; immutable', example: 'api_calls' }),
      description: Type.Union([Type.String(), Type.Null()]),
      aggregationType: AggregationTypeSchema,
      fieldName: Type.Union([Type.String(), Type.Null()], { example: 'bytes' }),
      recurring: Type.Boolean(),
      filters: Type.Array(MetricFilterSchema),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type BillableMetricJson = Static<typeof BillableMetricSchema>;

export const BillableMetricListSchema = listEnvelopeSchema('BillableMetricList', BillableMetricSchema);

export const CreateBillableMetricBodySchema = named(
  'CreateBillableMetricRequest',
  Type.Object(
    {
      name: NameSchema,
      code: Type.String({
        pattern: '^[a-z0-9][a-z0-9_-]{0,63}$',
        description: 'Unique per tenant, immutable; lower case letters, digits, `_` and `-`',
        example: 'api_calls',
      }),
      description: Type.Optional(DescriptionSchema),
      aggregationType: AggregationTypeSchema,
      fieldName: Type.Optional(FieldNameSchema),
      recurring: Type.Optional(RecurringSchema),
      filters: Type.Optional(FiltersSchema),
    },
    {
      additionalProperties: false,
      example: { name: 'Storage', code: 'storage_gb', aggregationType: 'SUM', fieldName: 'gb', recurring: true },
    },
  ),
);
export type CreateBillableMetricBody = Static<typeof CreateBillableMetricBodySchema>;

export const UpdateBillableMetricBodySchema = named(
  'UpdateBillableMetricRequest',
  Type.Object(
    {
      name: Type.Optional(NameSchema),
      description: Type.Optional(Type.Union([DescriptionSchema, Type.Null()])),
      fieldName: Type.Optional(Type.Union([FieldNameSchema, Type.Null()])),
      recurring: Type.Optional(RecurringSchema),
      filters: Type.Optional(FiltersSchema),
    },
    {
      additionalProperties: false,
      minProperties: 1,
      description: '`code` and `aggregationType` are immutable',
      example: { name: 'API calls (v2)' },
    },
  ),
);
export type UpdateBillableMetricBody = Static<typeof UpdateBillableMetricBodySchema>;
