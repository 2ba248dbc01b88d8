import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { MAX_MONEY_MAJOR_UNITS } from '../../../domain/money';
import { listEnvelopeSchema } from '../../lists/pagination';
import { discriminatedUnion } from '../../schemas/discriminated-union';
import { named } from '../../openapi/schema-registry';
import { paginationQueryProperties } from '../../lists/pagination';
import { TimestampSchema } from '../../schemas/common';
import type { ChargeModel } from '../../../domain/charge-models';
import { ChargeRangeSchema, MODEL_PROPERTIES } from './model-schema';

const BillingTimingSchema = Type.Union([Type.Literal('IN_ARREARS'), Type.Literal('IN_ADVANCE')], {
  description:
    'When usage is invoiced. Only `IN_ARREARS` (the default: on the invoice that closes the period or segment) is ' +
    'billed in this version; `IN_ADVANCE` is refused with 400 `charge_timing_unsupported` naming `body.billingTiming`',
  example: 'IN_ARREARS',
});
const DisplayNameSchema = Type.String({ minLength: 1, maxLength: 255, example: 'API calls' });
const MinAmountSchema = Type.Number({
  minimum: 0,
  maximum: MAX_MONEY_MAJOR_UNITS,
  description: 'Least fee of the charge per period, in major units of the invoice currency (up to 12 decimals)',
  example: 10,
});

const filterValues = {
  key: Type.String({ minLength: 1, maxLength: 255, description: 'A filter key of the metric', example: 'region' }),
  values: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), {
    minItems: 1,
    uniqueItems: true,
    description: 'Values of that key on the metric, priced by `properties`',
    example: ['eu'],
  }),
};

/** Per-model parts of the schemas: a charge filter prices some filter values with the charge's model. */
function modelParts<M extends ChargeModel, P extends TProperties>(model: M, properties: P) {
  const title = model.charAt(0) + model.slice(1).toLowerCase();
  const filter = named(
    `${title}ChargeFilter`,
    Type.Object(
      { ...filterValues, properties: Type.Object(properties, { additionalProperties: false }) },
      { additionalProperties: false },
    ),
  );
  return { title, literal: Type.Literal(model), properties, filters: Type.Array(filter, { maxItems: 100 }) };
}

const closed = <P extends TProperties>(name: string, properties: P) =>
  named(name, Type.Object(properties, { additionalProperties: false }));

function variants<M extends ChargeModel, P extends TProperties>(model: M, properties: P) {
  const part = modelParts(model, properties);
  const common = {
    billingTiming: Type.Optional(BillingTimingSchema),
    invoiceDisplayName: Type.Optional(Type.Union([DisplayNameSchema, Type.Null()])),
    minAmount: Type.Optional(Type.Union([MinAmountSchema, Type.Null()])),
    filters: Type.Optional(part.filters),
  };
  return {
    create: closed(`Create${part.title}ChargeRequest`, {
      chargeModel: part.literal,
      planId: Type.String({ maxLength: 100, example: 'plan_01JD3Z8V4N6QKX2M7R9T5W0BCY' }),
      billableMetricId: Type.String({ maxLength: 100, example: 'bm_01JD3Z8V4N6QKX2M7R9T5W0BCY' }),
      ...common,
      ...part.properties,
    }),
    update: closed(`Update${part.title}ChargeRequest`, {
      chargeModel: part.literal,
      ...common,
      ...part.properties,
    }),
    record: closed(`${part.title}Charge`, {
      id: Type.String({ pattern: `^chg_${ULID_PATTERN}$`, example: 'chg_01JD3Z8V4N6QKX2M7R9T5W0BCY' }),
      planId: Type.String(),
      billableMetricId: Type.String(),
      chargeModel: part.literal,
      billingTiming: BillingTimingSchema,
      invoiceDisplayName: Type.Union([Type.String(), Type.Null()]),
      minAmount: Type.Union([Type.Number(), Type.Null()]),
      ...part.properties,
      filters: part.filters,
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    }),
  };
}

const STANDARD = variants('STANDARD', MODEL_PROPERTIES.STANDARD);
const GRADUATED = variants('GRADUATED', MODEL_PROPERTIES.GRADUATED);
const VOLUME = variants('VOLUME', MODEL_PROPERTIES.VOLUME);
const PACKAGE = variants('PACKAGE', MODEL_PROPERTIES.PACKAGE);
const PERCENTAGE = variants('PERCENTAGE', MODEL_PROPERTIES.PERCENTAGE);

/** The schema of each model's create body, to validate a body once its `chargeModel` is known. */
export const CREATE_VARIANTS = {
  STANDARD: STANDARD.create,
  GRADUATED: GRADUATED.create,
  VOLUME: VOLUME.create,
  PACKAGE: PACKAGE.create,
  PERCENTAGE: PERCENTAGE.create,
} as const;

export const UPDATE_VARIANTS = {
  STANDARD: STANDARD.update,
  GRADUATED: GRADUATED.update,
  VOLUME: VOLUME.update,
  PACKAGE: PACKAGE.update,
  PERCENTAGE: PERCENTAGE.update,
} as const;

export const ChargeSchema = named(
  'Charge',
  Type.Union([STANDARD.record, GRADUATED.record, VOLUME.record, PACKAGE.record, PERCENTAGE.record], {
    description: 'A usage charge of a plan; its model parameters are fields beside `chargeModel`',
  }),
);
export type ChargeJson = Static<typeof ChargeSchema>;

export const ChargeListSchema = listEnvelopeSchema('ChargeList', ChargeSchema);

export const CreateChargeBodySchema = named(
  'CreateChargeRequest',
  discriminatedUnion(
    'chargeModel',
    [STANDARD.create, GRADUATED.create, VOLUME.create, PACKAGE.create, PERCENTAGE.create],
    {
      description: 'Discriminated by `chargeModel`: each model takes its own fields and no others',
      example: {
        planId: 'plan_01JD3Z8V4N6QKX2M7R9T5W0BCY',
        billableMetricId: 'bm_01JD3Z8V4N6QKX2M7R9T5W0BCY',
        chargeModel: 'GRADUATED',
        graduatedRanges: [
          { fromValue: 0, toValue: 100, perUnitAmount: 1 },
          { fromValue: 100, toValue: 200, perUnitAmount: 0.5 },
          { fromValue: 200, perUnitAmount: 0.1 },
        ],
      },
    },
  ),
);
export type CreateChargeBody = Static<typeof CreateChargeBodySchema>;

/** Changes to the common fields only; giving `chargeModel` re-prices the charge with that model's full parameters. */
const UpdateCommonChargeSchema = closed('UpdateChargeSettingsRequest', {
  billingTiming: Type.Optional(BillingTimingSchema),
  invoiceDisplayName: Type.Optional(Type.Union([DisplayNameSchema, Type.Null()])),
  minAmount: Type.Optional(Type.Union([MinAmountSchema, Type.Null()])),
});

export const UpdateChargeBodySchema = named(
  'UpdateChargeRequest',
  Type.Union(
    [UpdateCommonChargeSchema, STANDARD.update, GRADUATED.update, VOLUME.update, PACKAGE.update, PERCENTAGE.update],
    {
      type: 'object',
      minProperties: 1,
      description:
        'Either settings only, or `chargeModel` with all of that model’s parameters (and `filters`) replacing the current ones. Plan and metric are immutable.',
      example: { chargeModel: 'STANDARD', amount: 0.0005, billingTiming: 'IN_ARREARS' },
    },
  ),
);
export type UpdateChargeBody = Static<typeof UpdateChargeBodySchema>;

export const ChargeListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    planId: Type.Optional(Type.String({ maxLength: 100, description: 'Only this plan’s charges' })),
  },
  { additionalProperties: false },
);

export const PlanParamsSchema = Type.Object(
  { planId: Type.String({ maxLength: 100, description: 'The plan id (`plan_...`)' }) },
  { additionalProperties: false },
);

export { ChargeRangeSchema };
