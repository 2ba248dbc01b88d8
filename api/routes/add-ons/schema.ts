import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { ADD_ON_TYPES, type AddOnType } from '../../../services/catalog/add-ons';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { IMMUTABLE_KEYWORD, type ImmutableFields } from '../../validation/validator';
import { CurrencyCodeSchema, MajorUnitAmountSchema, TimestampSchema } from '../../schemas/common';

export const AddOnTypeSchema = named(
  'AddOnType',
  Type.Unsafe<AddOnType>({
    type: 'string',
    enum: [...ADD_ON_TYPES],
    description: 'ONE_TIME: billed once on the next invoice; RECURRING: billed on every invoice until removed',
    example: 'ONE_TIME',
  }),
);

export const AddOnIdSchema = Type.String({
  pattern: `^aon_${ULID_PATTERN}$`,
  example: 'aon_01JD7X3Q8K9V2N4M6P8R0S2T4W',
});
export const AddOnCodeSchema = Type.String({
  pattern: '^[a-z0-9][a-z0-9_-]{0,63}$',
  description: 'Unique among the tenant’s add-ons (409 `add_on_code_taken`); immutable',
  example: 'setup-fee',
});
export const AmountSchema = Type.Number({
  example: 49.99,
  description: 'In major units (49.99 USD, 1500 JPY, 1.234 KWD), exact',
});

const addOnName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', example: 'Setup fee' });
const addOnDescription = Type.String({ maxLength: 2000, example: 'One-off onboarding' });
const invoiceDisplayName = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The invoice line’s text; defaults to the name',
  example: 'Onboarding',
});

export const AddOnPriceSchema = named(
  'AddOnPrice',
  Type.Object(
    { currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }), amount: AmountSchema },
    { additionalProperties: false, description: 'The add-on’s price in one currency' },
  ),
);

export const AddOnSchema = named(
  'AddOn',
  Type.Object(
    {
      id: AddOnIdSchema,
      name: Type.String({ example: 'Setup fee' }),
      code: Type.String({ example: 'setup-fee' }),
      description: Type.Union([Type.String(), Type.Null()], { example: 'One-off onboarding' }),
      type: AddOnTypeSchema,
      invoiceDisplayName: Type.Union([Type.String(), Type.Null()], { example: 'Onboarding' }),
      prices: Type.Array(AddOnPriceSchema, { description: 'One price per currency, in the order given' }),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type AddOnJson = Static<typeof AddOnSchema>;

export const AddOnListSchema = listEnvelopeSchema('AddOnList', AddOnSchema);

export const AddOnPriceInputSchema = named(
  'AddOnPriceInput',
  Type.Object(
    { currency: CurrencyCodeSchema, amount: MajorUnitAmountSchema },
    {
      additionalProperties: false,
      description: 'More decimals than the currency has (49.999 USD, 1500.5 JPY) is 400',
      example: { currency: 'USD', amount: 49.99 },
    },
  ),
);
const prices = Type.Array(AddOnPriceInputSchema, {
  maxItems: 50,
  description: 'At most one price per currency (a second one is 400)',
});

export const CreateAddOnBodySchema = named(
  'CreateAddOnRequest',
  Type.Object(
    {
      name: addOnName,
      code: AddOnCodeSchema,
      description: Type.Optional(addOnDescription),
      type: AddOnTypeSchema,
      invoiceDisplayName: Type.Optional(invoiceDisplayName),
      prices: Type.Optional(prices),
    },
    {
      additionalProperties: false,
      example: {
        name: 'Setup fee',
        code: 'setup-fee',
        type: 'ONE_TIME',
        prices: [
          { currency: 'USD', amount: 10 },
          { currency: 'JPY', amount: 1500 },
        ],
      },
    },
  ),
);
export type CreateAddOnBody = Static<typeof CreateAddOnBodySchema>;

export const UpdateAddOnBodySchema = named(
  'UpdateAddOnRequest',
  Type.Object(
    {
      name: Type.Optional(addOnName),
      description: Type.Optional(Type.Union([addOnDescription, Type.Null()])),
      type: Type.Optional(AddOnTypeSchema),
      invoiceDisplayName: Type.Optional(Type.Union([invoiceDisplayName, Type.Null()])),
      prices: Type.Optional(
        Type.Array(AddOnPriceInputSchema, {
          maxItems: 50,
          description: 'Replaces every price of the add-on; applied add-ons keep the amount they were applied with',
        }),
      ),
    },
    {
      additionalProperties: false,
      description: '`code` is immutable: sending it is 400 (create a new add-on instead)',
      // Invoices and integrations name the add-on by its code.
      [IMMUTABLE_KEYWORD]: {
        code: 'is immutable once the add-on exists; create a new add-on',
      } satisfies ImmutableFields,
      example: { name: 'Setup fee (2027)', prices: [{ currency: 'USD', amount: 12 }] },
    },
  ),
);
export type UpdateAddOnBody = Static<typeof UpdateAddOnBodySchema>;

export const AddOnListQuerySchema = Type.Object(paginationQueryProperties, { additionalProperties: false });
