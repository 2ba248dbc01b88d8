import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { BILLING_INTERVALS, BILLING_TIMINGS, type BillingInterval, type BillingTiming } from '../../../domain/periods';
import { paginationQueryProperties, listEnvelopeSchema } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { IMMUTABLE_KEYWORD, type ImmutableFields } from '../../validation/validator';
import { CurrencyCodeSchema, MajorUnitAmountSchema, TimestampSchema } from '../../schemas/common';

// String enums rather than unions of literals: a bad value is then one error naming the field.
export const BillingIntervalSchema = named(
  'BillingInterval',
  Type.Unsafe<BillingInterval>({
    type: 'string',
    enum: [...BILLING_INTERVALS],
    description: 'How often the base fee is billed; fixed once the plan exists',
    example: 'MONTHLY',
  }),
);

export const BillingTimingSchema = named(
  'BillingTiming',
  Type.Unsafe<BillingTiming>({
    type: 'string',
    enum: [...BILLING_TIMINGS],
    description: 'When the base fee is billed: at the start of the period (default) or at its end',
    example: 'IN_ADVANCE',
  }),
);

const PlanIdSchema = Type.String({ pattern: `^plan_${ULID_PATTERN}$`, example: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4W' });
const PriceIdSchema = Type.String({ pattern: `^price_${ULID_PATTERN}$`, example: 'price_01JD7X3Q8K9V2N4M6P8R0S2T4X' });
const AmountSchema = Type.Number({
  example: 49.99,
  description: 'In major units (49.99 USD, 1500 JPY, 1.234 KWD), exact',
});

const planName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', example: 'Pro' });
const planDescription = Type.String({ maxLength: 2000, example: 'For growing teams' });
const trialDays = Type.Integer({ minimum: 0, maximum: 730, description: 'Free days before the first charge' });
const dayCount = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: 365 }), Type.Null()], { description });
const netPaymentTerms = dayCount('Days to pay an invoice; null falls back to the tenant setting (customer wins)');
const gracePeriod = dayCount('Days an invoice stays a draft; null falls back to the tenant setting');
const features = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  maxItems: 100,
  description: 'Marketing feature list, shown as given',
  example: ['Unlimited projects', 'Priority support'],
});

export const PlanPriceSchema = named(
  'PlanPrice',
  Type.Object(
    {
      id: PriceIdSchema,
      planId: PlanIdSchema,
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      amount: AmountSchema,
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type PlanPriceJson = Static<typeof PlanPriceSchema>;

export const PlanPriceSummarySchema = named(
  'PlanPriceSummary',
  Type.Object(
    { id: PriceIdSchema, currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }), amount: AmountSchema },
    { additionalProperties: false, description: 'A price as a plan lists it' },
  ),
);

export const PlanSchema = named(
  'Plan',
  Type.Object(
    {
      id: PlanIdSchema,
      name: Type.String({ example: 'Pro' }),
      code: Type.String({ example: 'pro' }),
      description: Type.Union([Type.String(), Type.Null()], { example: 'For growing teams' }),
      billingInterval: BillingIntervalSchema,
      billingTiming: BillingTimingSchema,
      trialDays: Type.Integer({ minimum: 0, example: 14 }),
      netPaymentTerms: Type.Union([Type.Integer(), Type.Null()], { example: 30 }),
      invoiceGracePeriodDays: Type.Union([Type.Integer(), Type.Null()], { example: null }),
      features: Type.Array(Type.String(), { example: ['Unlimited projects'] }),
      isActive: Type.Boolean({ example: true }),
      prices: Type.Array(PlanPriceSummarySchema, { description: 'One price per currency, oldest first' }),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type PlanJson = Static<typeof PlanSchema>;

export const PlanListSchema = listEnvelopeSchema('PlanList', PlanSchema);

export const PlanPriceInputSchema = named(
  'CreatePlanPriceRequest',
  Type.Object(
    {
      currency: CurrencyCodeSchema,
      amount: MajorUnitAmountSchema,
    },
    {
      additionalProperties: false,
      description: 'More decimals than the currency has (49.999 USD, 1500.5 JPY) is 400',
      example: { currency: 'USD', amount: 49.99 },
    },
  ),
);

export const CreatePlanBodySchema = named(
  'CreatePlanRequest',
  Type.Object(
    {
      name: planName,
      code: Type.String({
        pattern: '^[a-z0-9][a-z0-9_-]{0,63}$',
        description: 'Unique in the tenant (409 `plan_code_taken`); immutable',
        example: 'pro',
      }),
      description: Type.Optional(planDescription),
      billingInterval: BillingIntervalSchema,
      billingTiming: Type.Optional(BillingTimingSchema),
      trialDays: Type.Optional(trialDays),
      netPaymentTerms: Type.Optional(netPaymentTerms),
      invoiceGracePeriodDays: Type.Optional(gracePeriod),
      features: Type.Optional(features),
      isActive: Type.Optional(Type.Boolean({ description: 'Default true' })),
      prices: Type.Optional(
        Type.Array(PlanPriceInputSchema, { maxItems: 50, description: 'At most one price per currency' }),
      ),
    },
    {
      additionalProperties: false,
      example: {
        name: 'Pro',
        code: 'pro',
        billingInterval: 'MONTHLY',
        trialDays: 14,
        features: ['Unlimited projects'],
        prices: [{ currency: 'USD', amount: 49.99 }],
      },
    },
  ),
);
export type CreatePlanBody = Static<typeof CreatePlanBodySchema>;

// Subscriptions' periods and the charges that name the plan by code depend on them.
const IMMUTABLE = 'is immutable once the plan exists; create a new plan';

export const UpdatePlanBodySchema = named(
  'UpdatePlanRequest',
  Type.Object(
    {
      name: Type.Optional(planName),
      description: Type.Optional(Type.Union([planDescription, Type.Null()])),
      billingTiming: Type.Optional(BillingTimingSchema),
      trialDays: Type.Optional(trialDays),
      netPaymentTerms: Type.Optional(netPaymentTerms),
      invoiceGracePeriodDays: Type.Optional(gracePeriod),
      features: Type.Optional(features),
      isActive: Type.Optional(Type.Boolean()),
    },
    {
      additionalProperties: false,
      description: '`code` and `billingInterval` are immutable: sending one is 400 (create a new plan instead)',
      [IMMUTABLE_KEYWORD]: { code: IMMUTABLE, billingInterval: IMMUTABLE } satisfies ImmutableFields,
      example: { name: 'Pro (2027)', trialDays: 30, isActive: true },
    },
  ),
);
export type UpdatePlanBody = Static<typeof UpdatePlanBodySchema>;

export const UpdatePlanPriceBodySchema = named(
  'UpdatePlanPriceRequest',
  Type.Object(
    { amount: MajorUnitAmountSchema },
    { additionalProperties: false, example: { amount: 59.99 }, description: 'The currency never changes' },
  ),
);

export const PlanListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) plans' })),
  },
  { additionalProperties: false },
);

export const PlanPriceParamsSchema = Type.Object(
  { id: Type.String({ maxLength: 100 }), priceId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);
