import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import {
  BILLING_ERROR_CODES,
  EFFECTIVE_AT_VALUES,
  SUBSCRIPTION_STATUSES,
  type BillingErrorCode,
  type EffectiveAt,
  type SubscriptionStatus,
} from '../../../domain/subscriptions';
import { ListMetaSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { CurrencyCodeSchema, MetadataSchema, TimestampSchema } from '../../schemas/common';
import { CustomerSchema } from '../customers/schema';
import { PlanSchema } from '../plans/schema';

const EXAMPLE_SUBSCRIPTION = {
  id: 'sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E',
  customerId: 'cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E',
  planId: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4W',
  currency: 'USD',
  status: 'ACTIVE',
  currentPeriodStart: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  trialStart: null,
  trialEnd: null,
  cancelAt: null,
  canceledAt: null,
  pausedAt: null,
  pendingPlanId: null,
  externalId: 'crm-sub-7',
  metadata: { crmId: 'S-7' },
  billingError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableTimestamp = Nullable(TimestampSchema);
const SubscriptionId = Type.String({ pattern: `^sub_${ULID_PATTERN}$`, example: EXAMPLE_SUBSCRIPTION.id });
const CustomerId = Type.String({ maxLength: 100, example: EXAMPLE_SUBSCRIPTION.customerId });
const PlanId = Type.String({ maxLength: 100, example: EXAMPLE_SUBSCRIPTION.planId });
const ExternalId = Type.String({
  minLength: 1,
  maxLength: 255,
  description: "The caller's own identifier, unique among the tenant's subscriptions",
  example: 'crm-sub-7',
});

export const SubscriptionStatusSchema = named(
  'SubscriptionStatus',
  Type.Unsafe<SubscriptionStatus>({
    type: 'string',
    enum: [...SUBSCRIPTION_STATUSES],
    description: 'TRIALING (created with a trial), ACTIVE, PAUSED, PAST_DUE, CANCELED',
    example: 'ACTIVE',
  }),
);

export const SubscriptionBillingErrorSchema = named(
  'SubscriptionBillingError',
  Type.Object(
    {
      code: Type.Unsafe<BillingErrorCode>({
        type: 'string',
        enum: [...BILLING_ERROR_CODES],
        description: '`amount_out_of_range`: the period’s usage priced beyond the largest amount an invoice can hold',
      }),
      message: Type.String({ description: 'What went wrong, for people' }),
      periodStart: { ...TimestampSchema, description: 'The billing period whose invoice could not be issued' },
      periodEnd: TimestampSchema,
      occurredAt: { ...TimestampSchema, description: 'When the invoice failed' },
    },
    {
      additionalProperties: false,
      description:
        'A period’s invoice could not be issued and waits for `POST /subscriptions/{id}/retry-billing`. Only the ' +
        'newest failure shows; a retry issues every waiting invoice. Later periods are billed as usual meanwhile.',
      example: {
        code: 'amount_out_of_range',
        message: 'An amount of 10000000000000 minor units of USD is beyond the money maximum of 99999999999.99',
        periodStart: '2026-01-01T00:00:00.000Z',
        periodEnd: '2026-02-01T00:00:00.000Z',
        occurredAt: '2026-02-01T00:00:00.000Z',
      },
    },
  ),
);

const subscriptionProperties = {
  id: SubscriptionId,
  customerId: Type.String({ example: EXAMPLE_SUBSCRIPTION.customerId }),
  planId: Type.String({ example: EXAMPLE_SUBSCRIPTION.planId }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
  status: SubscriptionStatusSchema,
  currentPeriodStart: NullableTimestamp,
  currentPeriodEnd: NullableTimestamp,
  trialStart: NullableTimestamp,
  trialEnd: NullableTimestamp,
  cancelAt: Type.Union([TimestampSchema, Type.Null()], {
    description: 'Set by a cancel at period end: when the subscription will end',
  }),
  canceledAt: NullableTimestamp,
  pausedAt: NullableTimestamp,
  pendingPlanId: Type.Union([Type.String(), Type.Null()], {
    description: 'A plan change waiting for the period end (a downgrade by default)',
  }),
  externalId: Nullable(Type.String()),
  metadata: MetadataSchema,
  billingError: Type.Union([SubscriptionBillingErrorSchema, Type.Null()], {
    description: 'null, or why a period’s invoice could not be issued (it waits for a retry)',
  }),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
};

export const SubscriptionSchema = named(
  'Subscription',
  Type.Object(subscriptionProperties, { additionalProperties: false, example: EXAMPLE_SUBSCRIPTION }),
);
export type SubscriptionJson = Static<typeof SubscriptionSchema>;

/** The answer to a cancellation: the subscription, and the proration credit notes the cancellation issued. */
export const SubscriptionCancellationSchema = named(
  'SubscriptionCancellation',
  Type.Object(
    {
      ...subscriptionProperties,
      creditNoteIds: Type.Array(
        Type.String({ pattern: `^cn_${ULID_PATTERN}$`, example: 'cn_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
        {
          description:
            'The FINALIZED credit notes this cancellation issued for the unused, already invoiced part of the ' +
            'period (`GET /credit-notes/{id}`), oldest first: one per invoice credited (after an upgrade, the ' +
            'proration invoice and the base invoice). Empty for `period_end`, a period billed in arrears, a trial ' +
            'or nothing left to credit',
        },
      ),
    },
    {
      additionalProperties: false,
      description: 'The subscription as stored after the cancellation, with the credit notes it issued',
      example: { ...EXAMPLE_SUBSCRIPTION, status: 'CANCELED', creditNoteIds: ['cn_01JD7X3Q8K9V2N4M6P8R0S2T4W'] },
    },
  ),
);
export type SubscriptionCancellationJson = Static<typeof SubscriptionCancellationSchema>;

export const SubscriptionDetailSchema = named(
  'SubscriptionDetail',
  Type.Object(
    {
      ...subscriptionProperties,
      customer: Type.Union([CustomerSchema, Type.Null()], {
        description: 'null once the customer is deleted (possible only after every subscription of theirs ended)',
      }),
      plan: PlanSchema,
    },
    { additionalProperties: false, description: 'A subscription with its customer and plan embedded' },
  ),
);
export type SubscriptionDetailJson = Static<typeof SubscriptionDetailSchema>;

export const SubscriptionListSchema = named(
  'SubscriptionList',
  Type.Object(
    { data: Type.Array(SubscriptionSchema), meta: ListMetaSchema },
    {
      additionalProperties: false,
      example: { data: [EXAMPLE_SUBSCRIPTION], meta: { total: 1, page: 1, limit: 20, totalPages: 1 } },
    },
  ),
);

export const SubscriptionListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    status: Type.Optional(SubscriptionStatusSchema),
    planId: Type.Optional(PlanId),
    customerId: Type.Optional(CustomerId),
  },
  { additionalProperties: false },
);

export const CreateSubscriptionBodySchema = named(
  'CreateSubscriptionRequest',
  Type.Object(
    {
      customerId: CustomerId,
      planId: PlanId,
      currency: Type.Unsafe<string>({
        ...CurrencyCodeSchema,
        description: "ISO 4217 code; the plan needs a price in it and it must be the customer's currency",
      }),
      trialDays: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 730, description: "Free days before billing; the plan's by default" }),
      ),
      startDate: Type.Optional(
        Type.String({
          format: 'date-time',
          description: 'Default now; not in the future, and not so far back that the first period has ended',
          example: '2026-01-01T00:00:00.000Z',
        }),
      ),
      externalId: Type.Optional(ExternalId),
      metadata: Type.Optional(MetadataSchema),
      couponCode: Type.Optional(
        Type.String({
          pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$',
          description:
            'A coupon applied to the customer with the subscription; 409 `coupon_invalid` when it is not applicable',
          example: 'WELCOME10',
        }),
      ),
    },
    {
      additionalProperties: false,
      example: {
        customerId: EXAMPLE_SUBSCRIPTION.customerId,
        planId: EXAMPLE_SUBSCRIPTION.planId,
        currency: 'USD',
        externalId: 'crm-sub-7',
        metadata: { crmId: 'S-7' },
      },
    },
  ),
);
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBodySchema>;

export const UpdateSubscriptionBodySchema = named(
  'UpdateSubscriptionRequest',
  Type.Object(
    { metadata: MetadataSchema },
    {
      additionalProperties: false,
      description: 'Only metadata changes here (replaced as a whole); the lifecycle has its own actions',
      example: { metadata: { crmId: 'S-8' } },
    },
  ),
);

export const CancelSubscriptionBodySchema = named(
  'CancelSubscriptionRequest',
  Type.Object(
    {
      cancelAt: Type.Unsafe<EffectiveAt>({
        type: 'string',
        enum: [...EFFECTIVE_AT_VALUES],
        description: '`now` ends it at once (prorated credit); `period_end` lets the current period run out',
      }),
    },
    { additionalProperties: false, example: { cancelAt: 'period_end' } },
  ),
);

export const ChangePlanBodySchema = named(
  'ChangeSubscriptionPlanRequest',
  Type.Object(
    {
      newPlanId: PlanId,
      effective: Type.Optional(
        Type.Unsafe<EffectiveAt>({
          type: 'string',
          enum: [...EFFECTIVE_AT_VALUES],
          description: 'Default: an upgrade (higher price per day) now, a downgrade at period end',
        }),
      ),
    },
    { additionalProperties: false, example: { newPlanId: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4X', effective: 'now' } },
  ),
);
