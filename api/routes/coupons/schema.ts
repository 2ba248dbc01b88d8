import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import {
  APPLIED_COUPON_STATUSES,
  COUPON_FREQUENCIES,
  DISCOUNT_TYPES,
  type AppliedCouponStatus,
  type CouponFrequency,
  type DiscountType,
} from '../../../domain/coupons';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { exactlyOneOf } from '../../validation/exactly-one-of';
import { IMMUTABLE_KEYWORD, type ImmutableFields } from '../../validation/validator';
import { CurrencyCodeSchema, MAX_MAJOR_UNIT_AMOUNT, TimestampSchema } from '../../schemas/common';

// String enums rather than unions of literals: a bad value is then one error naming the field.
export const DiscountTypeSchema = named(
  'CouponDiscountType',
  Type.Unsafe<DiscountType>({
    type: 'string',
    enum: [...DISCOUNT_TYPES],
    description: 'PERCENTAGE takes `percentage`; FIXED_AMOUNT takes `amount` and `currency`',
    example: 'PERCENTAGE',
  }),
);

export const CouponFrequencySchema = named(
  'CouponFrequency',
  Type.Unsafe<CouponFrequency>({
    type: 'string',
    enum: [...COUPON_FREQUENCIES],
    description: 'ONCE: the next invoice; RECURRING: `frequencyDuration` billing periods; FOREVER: every invoice',
    example: 'RECURRING',
  }),
);

const CouponIdSchema = Type.String({ pattern: `^cpn_${ULID_PATTERN}$`, example: 'cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W' });
const PlanIdSchema = Type.String({ pattern: `^plan_${ULID_PATTERN}$`, example: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4W' });
const BillableMetricIdSchema = Type.String({
  pattern: `^bm_${ULID_PATTERN}$`,
  example: 'bm_01JD3Z8V4N6QKX2M7R9T5W0BCY',
});
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T, example: unknown) =>
  Type.Union([schema, Type.Null()], { example });

const couponName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', example: 'Black Friday' });
const couponDescription = Type.String({ maxLength: 2000, example: '20% off for three months' });
const expiresAt = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description: 'Must be in the future when set; null never expires',
  example: '2026-12-31T23:59:59.000Z',
});
/** The largest redemption limit: the column is a PostgreSQL integer, so a larger one would fail to be stored. */
export const MAX_REDEMPTIONS = 2_147_483_647;
const maxRedemptions = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_REDEMPTIONS }), Type.Null()], {
  description: 'How many times the coupon may be applied in all, at most 2,147,483,647; null is unlimited',
  example: 100,
});
// Any id-sized string, as every other reference in a request body: one that names nothing is 404, malformed or not.
const Reference = (example: string) => Type.String({ minLength: 1, maxLength: 100, example });

const planIds = Type.Array(Reference('plan_01JD7X3Q8K9V2N4M6P8R0S2T4W'), {
  maxItems: 100,
  uniqueItems: true,
  description: 'Plans the coupon is restricted to; [] (default) is any plan. An unknown plan is 404 plan_not_found',
});

const billableMetricIds = Type.Array(Reference('bm_01JD3Z8V4N6QKX2M7R9T5W0BCY'), {
  maxItems: 100,
  uniqueItems: true,
  description:
    'Billable metrics the coupon is limited to: it then discounts only the usage lines of these metrics, not the ' +
    'subscription fee; [] (default) discounts subscription lines. An unknown metric is 404 billable_metric_not_found',
});

export const CouponSchema = named(
  'Coupon',
  Type.Object(
    {
      id: CouponIdSchema,
      code: Type.String({ example: 'BLACKFRIDAY' }),
      name: Type.String({ example: 'Black Friday' }),
      description: nullable(Type.String(), '20% off for three months'),
      discountType: DiscountTypeSchema,
      percentage: Type.Union([Type.Number(), Type.Null()], { example: 20 }),
      amount: Type.Union([Type.Number(), Type.Null()], { example: null, description: 'In major units' }),
      currency: nullable(Type.String({ pattern: '^[A-Z]{3}$' }), null),
      frequency: CouponFrequencySchema,
      frequencyDuration: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { example: 3 }),
      expiresAt: nullable(TimestampSchema, '2026-12-31T23:59:59.000Z'),
      maxRedemptions: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { example: 100 }),
      redemptions: Type.Integer({ minimum: 0, example: 0, description: 'Applications so far; never given back' }),
      planIds: Type.Array(PlanIdSchema, { example: [] }),
      billableMetricIds: Type.Array(BillableMetricIdSchema, {
        example: [],
        description: 'Empty: the coupon discounts subscription lines; else only these metrics’ usage lines',
      }),
      isActive: Type.Boolean({ example: true }),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type CouponJson = Static<typeof CouponSchema>;

export const CouponListSchema = listEnvelopeSchema('CouponList', CouponSchema);

export const CreateCouponBodySchema = named(
  'CreateCouponRequest',
  Type.Object(
    {
      code: Type.String({
        pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$',
        description: 'Any case; stored upper case. Unique in the tenant (409 `coupon_code_taken`); immutable',
        example: 'BLACKFRIDAY',
      }),
      name: couponName,
      description: Type.Optional(couponDescription),
      discountType: DiscountTypeSchema,
      percentage: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          maximum: 100,
          description: 'PERCENTAGE only: 0 < p <= 100, up to 4 decimals',
          example: 20,
        }),
      ),
      amount: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          maximum: MAX_MAJOR_UNIT_AMOUNT,
          description: 'FIXED_AMOUNT only, in major units; decimals as the currency has',
          example: 10,
        }),
      ),
      currency: Type.Optional({ ...CurrencyCodeSchema, description: 'FIXED_AMOUNT only: ISO 4217, any case' }),
      frequency: CouponFrequencySchema,
      frequencyDuration: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 1200, description: 'RECURRING only (required): billing periods' }),
      ),
      expiresAt: Type.Optional(expiresAt),
      maxRedemptions: Type.Optional(maxRedemptions),
      planIds: Type.Optional(planIds),
      billableMetricIds: Type.Optional(billableMetricIds),
      isActive: Type.Optional(Type.Boolean({ description: 'Default true' })),
    },
    {
      additionalProperties: false,
      example: {
        code: 'BLACKFRIDAY',
        name: 'Black Friday',
        discountType: 'PERCENTAGE',
        percentage: 20,
        frequency: 'RECURRING',
        frequencyDuration: 3,
        maxRedemptions: 100,
      },
    },
  ),
);
export type CreateCouponBody = Static<typeof CreateCouponBodySchema>;

const IMMUTABLE_COUPON_FIELDS = [
  'code',
  'discountType',
  'percentage',
  'amount',
  'currency',
  'frequency',
  'frequencyDuration',
  'billableMetricIds',
] as const;
const IMMUTABLE_COUPON = 'is immutable once the coupon exists (applied coupons rely on it); create a new coupon';

export const UpdateCouponBodySchema = named(
  'UpdateCouponRequest',
  Type.Object(
    {
      name: Type.Optional(couponName),
      description: Type.Optional(Type.Union([couponDescription, Type.Null()])),
      expiresAt: Type.Optional(expiresAt),
      maxRedemptions: Type.Optional(maxRedemptions),
      isActive: Type.Optional(Type.Boolean()),
      planIds: Type.Optional(planIds),
    },
    {
      additionalProperties: false,
      description: 'The code and the discount terms are immutable: sending one is 400 (create a new coupon instead)',
      [IMMUTABLE_KEYWORD]: Object.fromEntries(
        IMMUTABLE_COUPON_FIELDS.map((field) => [field, IMMUTABLE_COUPON]),
      ) satisfies ImmutableFields,
      example: { name: 'Black Friday (extended)', maxRedemptions: 200 },
    },
  ),
);
export type UpdateCouponBody = Static<typeof UpdateCouponBodySchema>;

export const CouponListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) coupons' })),
  },
  { additionalProperties: false },
);

export const ApplyCouponBodySchema = named(
  'ApplyCouponRequest',
  Type.Object(
    {
      couponCode: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 64,
          description: 'Any case; give this or couponId, not both',
          example: 'blackfriday',
        }),
      ),
      couponId: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 100,
          description: 'Or couponCode',
          example: 'cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W',
        }),
      ),
      customerId: Type.String({ minLength: 1, maxLength: 100, example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
    },
    {
      additionalProperties: false,
      ...exactlyOneOf('couponCode', 'couponId'),
      example: { couponCode: 'blackfriday', customerId: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W' },
    },
  ),
);
export type ApplyCouponBody = Static<typeof ApplyCouponBodySchema>;

export const AppliedCouponSchema = named(
  'AppliedCoupon',
  Type.Object(
    {
      id: Type.String({ pattern: `^acpn_${ULID_PATTERN}$`, example: 'acpn_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      couponId: CouponIdSchema,
      couponCode: Type.String({ example: 'BLACKFRIDAY' }),
      customerId: Type.String({ example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      status: Type.Unsafe<AppliedCouponStatus>({
        type: 'string',
        enum: [...APPLIED_COUPON_STATUSES],
        example: 'ACTIVE',
      }),
      remainingPeriods: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: 'RECURRING coupons: billing periods still discounted; null otherwise',
        example: 3,
      }),
      createdAt: TimestampSchema,
      terminatedAt: nullable(TimestampSchema, null),
    },
    { additionalProperties: false },
  ),
);
export type AppliedCouponJson = Static<typeof AppliedCouponSchema>;
