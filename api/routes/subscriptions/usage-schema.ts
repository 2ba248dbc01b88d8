import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../openapi/schema-registry';
import { TimestampSchema } from '../../schemas/common';
import { AggregationTypeSchema } from '../billable-metrics/schema';

const UnitsSchema = Type.Number({
  description: 'The metric’s aggregation over the open segment (to 12 decimals when it has no finite decimal form)',
  example: 1250,
});
const AmountSchema = Type.Number({
  description: 'Major units of the subscription’s currency, rounded once as the invoice line will be',
  example: 12.5,
});

const FilterUsageSchema = Type.Object(
  {
    values: Type.Array(Type.String(), { description: 'The charge filter’s values', example: ['eu'] }),
    units: UnitsSchema,
    amount: AmountSchema,
  },
  { additionalProperties: false },
);

const ChargeUsageSchema = named(
  'ChargeUsage',
  Type.Object(
    {
      chargeId: Type.String({ example: 'chg_01JD3Z8V4N6QKX2M7R9T5W0BCY' }),
      billableMetric: Type.Object(
        {
          id: Type.String({ example: 'bm_01JD3Z8V4N6QKX2M7R9T5W0BCY' }),
          code: Type.String({ example: 'api_calls' }),
          aggregationType: AggregationTypeSchema,
        },
        { additionalProperties: false },
      ),
      units: UnitsSchema,
      amount: Type.Number({
        description: 'The charge’s total so far: every filter, the events no filter took, and the minAmount true-up',
        example: 12.5,
      }),
      filters: Type.Array(FilterUsageSchema, { description: 'One entry per charge filter, in the charge’s order' }),
    },
    { additionalProperties: false },
  ),
);

export const SubscriptionUsageSchema = named(
  'SubscriptionUsage',
  Type.Object(
    {
      periodStart: TimestampSchema,
      periodEnd: TimestampSchema,
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      amount: Type.Number({ description: 'Every charge’s amount together', example: 12.5 }),
      charges: Type.Array(ChargeUsageSchema),
    },
    {
      additionalProperties: false,
      description:
        'The open period so far (a trial while TRIALING), priced on the current plan’s charges by the code that ' +
        'bills it at the close: with no further events, what the closing invoice’s USAGE lines will carry',
      example: {
        periodStart: '2026-01-01T00:00:00.000Z',
        periodEnd: '2026-02-01T00:00:00.000Z',
        currency: 'USD',
        amount: 12.5,
        charges: [
          {
            chargeId: 'chg_01JD3Z8V4N6QKX2M7R9T5W0BCY',
            billableMetric: { id: 'bm_01JD3Z8V4N6QKX2M7R9T5W0BCY', code: 'api_calls', aggregationType: 'COUNT' },
            units: 1250,
            amount: 12.5,
            filters: [{ values: ['eu'], units: 250, amount: 5 }],
          },
        ],
      },
    },
  ),
);
export type SubscriptionUsageJson = Static<typeof SubscriptionUsageSchema>;
