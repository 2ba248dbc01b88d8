import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { APPLIED_ADD_ON_STATUSES, type AppliedAddOnStatus } from '../../../domain/add-ons';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { exactlyOneOf } from '../../validation/exactly-one-of';
import { CurrencyCodeSchema, MajorUnitAmountSchema, TimestampSchema } from '../../schemas/common';
import { AddOnCodeSchema, AddOnIdSchema, AmountSchema } from './schema';

export const AppliedAddOnStatusSchema = named(
  'AppliedAddOnStatus',
  Type.Unsafe<AppliedAddOnStatus>({
    type: 'string',
    enum: [...APPLIED_ADD_ON_STATUSES],
    description: 'PENDING until an invoice bills it (INVOICED) or it is removed (REMOVED)',
    example: 'PENDING',
  }),
);

const nullableTimestamp = Type.Union([TimestampSchema, Type.Null()], { example: null });
const customerId = Type.String({ pattern: `^cust_${ULID_PATTERN}$`, example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W' });

export const AppliedAddOnSchema = named(
  'AppliedAddOn',
  Type.Object(
    {
      id: Type.String({ pattern: `^aaon_${ULID_PATTERN}$`, example: 'aaon_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      addOnId: AddOnIdSchema,
      addOnCode: Type.String({ example: 'setup-fee' }),
      customerId,
      amount: { ...AmountSchema, description: 'Per unit, in major units of `currency` (the customer’s)' },
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      quantity: Type.Integer({ minimum: 1, example: 1 }),
      status: AppliedAddOnStatusSchema,
      createdAt: TimestampSchema,
      invoicedAt: nullableTimestamp,
      removedAt: nullableTimestamp,
    },
    { additionalProperties: false },
  ),
);
export type AppliedAddOnJson = Static<typeof AppliedAddOnSchema>;

export const AppliedAddOnListSchema = listEnvelopeSchema('AppliedAddOnList', AppliedAddOnSchema);

export const ApplyAddOnBodySchema = named(
  'ApplyAddOnRequest',
  Type.Object(
    {
      addOnId: Type.Optional(
        Type.String({
          maxLength: 100,
          description: 'The add-on; give this or `addOnCode`',
          example: 'aon_01JD7X3Q8K9V2N4M6P8R0S2T4W',
        }),
      ),
      addOnCode: Type.Optional({ ...AddOnCodeSchema, description: 'The add-on’s code; give this or `addOnId`' }),
      customerId: Type.String({ minLength: 1, maxLength: 100, example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      amount: Type.Optional({
        ...MajorUnitAmountSchema,
        description:
          'Per unit, in the customer’s currency and its decimals; default: the add-on’s price in that currency ' +
          '(409 `add_on_price_missing` when it has none)',
      }),
      currency: Type.Optional({
        ...CurrencyCodeSchema,
        description: 'Optional; must be the customer’s currency, which the applied add-on is always billed in',
      }),
      quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, example: 1 })),
    },
    {
      additionalProperties: false,
      description: 'Exactly one of `addOnId` and `addOnCode`',
      ...exactlyOneOf('addOnId', 'addOnCode'),
      example: { addOnCode: 'setup-fee', customerId: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W', quantity: 1 },
    },
  ),
);
export type ApplyAddOnBody = Static<typeof ApplyAddOnBodySchema>;

export const AppliedAddOnListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    customerId: Type.Optional(Type.String({ maxLength: 100, description: 'Only this customer’s' })),
    status: Type.Optional(AppliedAddOnStatusSchema),
  },
  { additionalProperties: false },
);
