import { Type, type Static } from '@sinclair/typebox';
import {
  CREDIT_NOTE_REASONS,
  CREDIT_NOTE_STATUSES,
  type CreditNoteReason,
  type CreditNoteStatus,
} from '../../../domain/credit-notes';
import { ULID_PATTERN } from '../../../domain/ids';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { PositiveMajorUnitAmountSchema, TimestampSchema } from '../../schemas/common';

// String enums rather than unions of literals: a bad value is then one error naming the field.
export const CreditNoteReasonSchema = named(
  'CreditNoteReason',
  Type.Unsafe<CreditNoteReason>({ type: 'string', enum: [...CREDIT_NOTE_REASONS], example: 'PRODUCT_UNSATISFACTORY' }),
);

export const CreditNoteStatusSchema = named(
  'CreditNoteStatus',
  Type.Unsafe<CreditNoteStatus>({
    type: 'string',
    enum: [...CREDIT_NOTE_STATUSES],
    description: 'DRAFT (editable, counts against the cap), FINALIZED (numbered, in effect), VOIDED',
    example: 'FINALIZED',
  }),
);

const CREDIT_NOTE_ID_EXAMPLE = 'cn_01JD7X3Q8K9V2N4M6P8R0S2T4W';
const INVOICE_ID_EXAMPLE = 'inv_01JD7X3Q8K9V2N4M6P8R0S2T4W';
const CUSTOMER_ID_EXAMPLE = 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W';
const positiveAmount = (description: string) => ({
  ...PositiveMajorUnitAmountSchema,
  description: `${description}; in major units of the invoice's currency, above 0, decimals as the currency has`,
});
const noteDescription = Type.String({ maxLength: 2000, example: 'Two days of outage in March' });

export const CreditNoteItemSchema = named(
  'CreditNoteItem',
  Type.Object(
    {
      description: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', example: 'Outage credit' }),
      amount: positiveAmount('What this item credits'),
    },
    { additionalProperties: false, example: { description: 'Outage credit', amount: 12.5 } },
  ),
);

const items = Type.Array(CreditNoteItemSchema, {
  minItems: 1,
  maxItems: 100,
  description: 'Or amount: the credit note credits their sum',
});

export const CreditNoteSchema = named(
  'CreditNote',
  Type.Object(
    {
      id: Type.String({ pattern: `^cn_${ULID_PATTERN}$`, example: CREDIT_NOTE_ID_EXAMPLE }),
      number: Type.Union([Type.String(), Type.Null()], {
        description: '`CN-<YYYY>-<000001>`, gapless per tenant; null until finalized',
        example: 'CN-2026-000001',
      }),
      invoiceId: Type.String({ example: INVOICE_ID_EXAMPLE }),
      customerId: Type.String({ example: CUSTOMER_ID_EXAMPLE }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD', description: "The invoice's currency" }),
      reason: CreditNoteReasonSchema,
      description: Type.Union([Type.String(), Type.Null()], { example: 'Two days of outage in March' }),
      amount: Type.Number({ example: 12.5, description: 'The total credited, in major units' }),
      items: Type.Array(CreditNoteItemSchema, { description: 'Empty when the note was made from an amount' }),
      status: CreditNoteStatusSchema,
      issuedAt: Type.Union([TimestampSchema, Type.Null()], { example: '2026-11-21T10:00:00.000Z' }),
      voidedAt: Type.Union([TimestampSchema, Type.Null()], { example: null }),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type CreditNoteJson = Static<typeof CreditNoteSchema>;

export const CreditNoteListSchema = listEnvelopeSchema('CreditNoteList', CreditNoteSchema);

export const CreateCreditNoteBodySchema = named(
  'CreateCreditNoteRequest',
  Type.Object(
    {
      invoiceId: Type.String({ minLength: 1, maxLength: 100, example: INVOICE_ID_EXAMPLE }),
      reason: CreditNoteReasonSchema,
      amount: Type.Optional(positiveAmount('The amount to credit (or items, not both)')),
      items: Type.Optional(items),
      description: Type.Optional(noteDescription),
    },
    {
      additionalProperties: false,
      example: { invoiceId: INVOICE_ID_EXAMPLE, reason: 'PRODUCT_UNSATISFACTORY', amount: 12.5 },
    },
  ),
);
export type CreateCreditNoteBody = Static<typeof CreateCreditNoteBodySchema>;

export const UpdateCreditNoteBodySchema = named(
  'UpdateCreditNoteRequest',
  Type.Object(
    {
      reason: Type.Optional(CreditNoteReasonSchema),
      description: Type.Optional(Type.Union([noteDescription, Type.Null()])),
      amount: Type.Optional(positiveAmount('A new amount; replaces the items')),
      items: Type.Optional({ ...items, description: 'New items; replace the amount' }),
    },
    { additionalProperties: false, example: { amount: 10, description: 'One day of outage' } },
  ),
);
export type UpdateCreditNoteBody = Static<typeof UpdateCreditNoteBodySchema>;

export const CreditNoteListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    customerId: Type.Optional(Type.String({ maxLength: 100, description: 'Only this customer’s credit notes' })),
    invoiceId: Type.Optional(Type.String({ maxLength: 100, description: 'Only credit notes of this invoice' })),
    status: Type.Optional(CreditNoteStatusSchema),
  },
  { additionalProperties: false },
);
