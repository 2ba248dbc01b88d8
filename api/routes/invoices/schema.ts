import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { MAX_UNIT_COUNT } from '../../../domain/money';
import {
  INVOICE_LINE_TYPES,
  INVOICE_STATUSES,
  type InvoiceLineType,
  type InvoiceStatus,
} from '../../../domain/invoices';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import {
  CurrencyCodeSchema,
  DateOrTimestampSchema,
  MAX_MAJOR_UNIT_AMOUNT,
  MetadataSchema,
  TimestampSchema,
} from '../../schemas/common';

// String enums rather than unions of literals: a bad value is then one error naming the field.
export const InvoiceStatusSchema = named(
  'InvoiceStatus',
  Type.Unsafe<InvoiceStatus>({
    type: 'string',
    enum: [...INVOICE_STATUSES],
    description:
      'DRAFT → finalize → OPEN → mark-paid → PAID; DRAFT or OPEN → void → VOIDED; OPEN → dunning → UNCOLLECTIBLE ' +
      '(still payable: mark-paid, checkout, void)',
    example: 'OPEN',
  }),
);

export const InvoiceLineTypeSchema = named(
  'InvoiceLineType',
  Type.Unsafe<InvoiceLineType>({ type: 'string', enum: [...INVOICE_LINE_TYPES], example: 'SUBSCRIPTION' }),
);

const id = (prefix: string) =>
  Type.String({ pattern: `^${prefix}_${ULID_PATTERN}$`, example: `${prefix}_01JD7X3Q8K9V2N4M6P8R0S2T4W` });
const nullableTimestamp = (example: string | null) => Type.Union([TimestampSchema, Type.Null()], { example });
const money = (example: number, description?: string) =>
  Type.Number({ example, description: description ?? 'In major units of the invoice currency' });

export const InvoiceLineSchema = named(
  'InvoiceLine',
  Type.Object(
    {
      id: id('il'),
      type: InvoiceLineTypeSchema,
      description: Type.String({ example: 'Pro plan (Jan 1 – Feb 1, 2026)' }),
      quantity: Type.Number({ example: 1 }),
      unitAmount: Type.Number({ example: 30, description: 'Exact unit price in major units (up to 12 decimals)' }),
      amount: money(30, 'quantity × unitAmount, rounded once to the currency (half away from zero)'),
      periodStart: Type.Optional({
        ...TimestampSchema,
        description: 'Start of the period the line bills; absent on a line that bills none (MANUAL, ADD_ON)',
        example: '2026-01-01T00:00:00.000Z',
      }),
      periodEnd: Type.Optional({
        ...TimestampSchema,
        description: 'End of the period the line bills; absent with periodStart',
        example: '2026-02-01T00:00:00.000Z',
      }),
    },
    { additionalProperties: false },
  ),
);

export const InvoiceDiscountSchema = named(
  'InvoiceDiscount',
  Type.Object(
    {
      couponId: id('cpn'),
      code: Type.String({
        pattern: '^[A-Z0-9][A-Z0-9_-]{0,63}$',
        description: "The coupon's code when it discounted the invoice",
        example: 'WELCOME20',
      }),
      amount: money(6, 'What this coupon took off the SUBSCRIPTION lines'),
    },
    {
      additionalProperties: false,
      description: "One applied coupon's share of the invoice's `discount`",
      example: { couponId: 'cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W', code: 'WELCOME20', amount: 6 },
    },
  ),
);

export const InvoiceSchema = named(
  'Invoice',
  Type.Object(
    {
      id: id('inv'),
      number: Type.Union([Type.String(), Type.Null()], {
        example: 'INV-2026-000001',
        description: '`<invoicePrefix>-<YYYY>-<sequence>`, assigned at finalize; null on a DRAFT',
      }),
      status: InvoiceStatusSchema,
      customerId: id('cust'),
      subscriptionId: Type.Union([id('sub'), Type.Null()], { example: 'sub_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      lines: Type.Array(InvoiceLineSchema),
      subtotal: money(30, 'The sum of the lines, exactly'),
      discount: money(6, "Applied coupons' discounts on the subscription lines, never more than they sum to"),
      discounts: Type.Array(InvoiceDiscountSchema, {
        description:
          'The breakdown of `discount`: one entry per coupon that took something off this invoice, in the order ' +
          'they were applied; their amounts sum exactly to `discount` (add them in minor units). Empty when ' +
          '`discount` is 0 (manual invoices, or no coupon applied)',
        example: [{ couponId: 'cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W', code: 'WELCOME20', amount: 6 }],
      }),
      tax: money(0),
      total: money(24, 'subtotal − discount + tax; negative only for a proration that credits more than it charges'),
      amountCredited: money(0, 'Credit notes and customer credit applied'),
      prepaidCreditAmount: money(
        0,
        'What wallet credits paid at finalize, after customer credit; 0 on credit-purchase invoices',
      ),
      amountPaid: money(0),
      amountDue: money(24, 'total − amountCredited − prepaidCreditAmount − amountPaid, never below 0'),
      issuedAt: nullableTimestamp('2026-01-01T00:00:00.000Z'),
      dueDate: nullableTimestamp('2026-01-31T00:00:00.000Z'),
      paidAt: nullableTimestamp(null),
      voidedAt: nullableTimestamp(null),
      finalizeAfter: nullableTimestamp(null),
      metadata: MetadataSchema,
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type InvoiceJson = Static<typeof InvoiceSchema>;

export const InvoiceListSchema = listEnvelopeSchema('InvoiceList', InvoiceSchema);

export const InvoiceListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    status: Type.Optional(InvoiceStatusSchema),
    customerId: Type.Optional(Type.String({ maxLength: 100 })),
    subscriptionId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const InvoiceItemSchema = named(
  'InvoiceItemRequest',
  Type.Object(
    {
      description: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', example: 'Onboarding workshop' }),
      quantity: Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_UNIT_COUNT,
        description: 'Greater than 0, up to 12 decimals; quantity × unitAmount at most the largest amount',
        example: 2,
      }),
      unitAmount: Type.Number({
        minimum: 0,
        maximum: MAX_MAJOR_UNIT_AMOUNT,
        description: 'In major units; decimals as the currency has (400 otherwise)',
        example: 150,
      }),
    },
    { additionalProperties: false },
  ),
);

export const CreateInvoiceBodySchema = named(
  'CreateInvoiceRequest',
  Type.Object(
    {
      customerId: Type.String({ maxLength: 100, example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      currency: Type.Optional({ ...CurrencyCodeSchema, description: "ISO 4217, any case; the customer's by default" }),
      items: Type.Array(InvoiceItemSchema, { minItems: 1, maxItems: 500 }),
      dueDate: Type.Optional(
        DateOrTimestampSchema(
          'A date (the start of that day in the customer’s time zone: the customer’s, else the tenant’s) or a ' +
            'timestamp; by default finalize sets issue date + net payment terms',
          '2026-02-15',
        ),
      ),
      subscriptionId: Type.Optional(Type.String({ maxLength: 100, example: 'sub_01JD7X3Q8K9V2N4M6P8R0S2T4W' })),
      metadata: Type.Optional(MetadataSchema),
    },
    { additionalProperties: false },
  ),
);
export type CreateInvoiceBody = Static<typeof CreateInvoiceBodySchema>;

export const SendInvoiceEmailBodySchema = named(
  'SendInvoiceEmailRequest',
  Type.Object(
    {
      to: Type.Optional(
        Type.String({
          format: 'email',
          maxLength: 320,
          description:
            'Recipient; the customer’s e-mail by default. Another address needs the tenant’s own SMTP settings',
        }),
      ),
    },
    { additionalProperties: false, example: { to: 'billing@globex.example' } },
  ),
);
