import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { listEnvelopeSchema, ListMetaSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import {
  CountryCodeSchema,
  CurrencyCodeSchema,
  MetadataSchema,
  TimeZoneSchema,
  TimestampSchema,
} from '../../schemas/common';
import { InvoiceSchema } from '../invoices/schema';
import { PaymentSchema } from '../payments/schema';

const EXAMPLE_CUSTOMER = {
  id: 'cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E',
  externalId: 'crm-1042',
  name: 'Acme GmbH',
  email: 'billing@acme.example',
  country: 'DE',
  currency: 'EUR',
  timezone: 'Europe/Berlin',
  netPaymentTerms: 14,
  metadata: { crmId: 'A-1042' },
  testClockId: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

const ExternalId = Type.String({
  minLength: 1,
  maxLength: 255,
  description: "The caller's own identifier, unique among the tenant's customers not deleted",
  example: 'crm-1042',
});
const Name = Type.String({ minLength: 1, maxLength: 255, description: 'Display name', example: 'Acme GmbH' });
const Email = Type.String({ format: 'email', maxLength: 320, example: 'billing@acme.example' });
const NetPaymentTerms = Type.Integer({
  minimum: 0,
  maximum: 365,
  description: "Days to pay an invoice; null means the plan's, else the tenant's",
  example: 14,
});
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const TestClockId = Type.String({
  pattern: `^clk_${ULID_PATTERN}$`,
  description: 'The test clock whose time the customer lives on; fixed at creation',
  example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W',
});
// Any id-sized string: an id that names no clock of the tenant is a 404 `test_clock_not_found`, malformed or not.
const TestClockReference = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'The test clock whose time the customer lives on, fixed at creation; null or absent: the wall clock',
  example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W',
});

export const CustomerSchema = named(
  'Customer',
  Type.Object(
    {
      id: Type.String({ pattern: `^cust_${ULID_PATTERN}$`, example: EXAMPLE_CUSTOMER.id }),
      externalId: ExternalId,
      name: Nullable(Name),
      email: Email,
      country: Nullable(CountryCodeSchema),
      currency: CurrencyCodeSchema,
      timezone: Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'IANA time zone of the customer’s billing dates: its own, else the tenant’s (which it then follows when ' +
          'the tenant’s changes)',
        example: 'Europe/Berlin',
      }),
      netPaymentTerms: Nullable(NetPaymentTerms),
      metadata: MetadataSchema,
      testClockId: Nullable(TestClockId),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false, example: EXAMPLE_CUSTOMER },
  ),
);
export type CustomerJson = Static<typeof CustomerSchema>;

export const CreateCustomerBodySchema = named(
  'CreateCustomerRequest',
  Type.Object(
    {
      externalId: ExternalId,
      name: Type.Optional(Name),
      email: Email,
      country: Type.Optional(CountryCodeSchema),
      currency: CurrencyCodeSchema,
      timezone: Type.Optional(TimeZoneSchema),
      netPaymentTerms: Type.Optional(NetPaymentTerms),
      metadata: Type.Optional(MetadataSchema),
      testClockId: Type.Optional(Nullable(TestClockReference)),
    },
    {
      additionalProperties: false,
      example: {
        externalId: 'crm-1042',
        name: 'Acme GmbH',
        email: 'billing@acme.example',
        country: 'de',
        currency: 'eur',
        timezone: 'Europe/Berlin',
        netPaymentTerms: 14,
        metadata: { crmId: 'A-1042' },
      },
    },
  ),
);
export type CreateCustomerBody = Static<typeof CreateCustomerBodySchema>;

// null clears an optional field (back to the tenant's or plan's value); metadata is replaced as a whole.
export const UpdateCustomerBodySchema = named(
  'UpdateCustomerRequest',
  Type.Object(
    {
      externalId: Type.Optional(ExternalId),
      name: Type.Optional(Nullable(Name)),
      email: Type.Optional(Email),
      country: Type.Optional(Nullable(CountryCodeSchema)),
      currency: Type.Optional(CurrencyCodeSchema),
      timezone: Type.Optional(Nullable(TimeZoneSchema)),
      netPaymentTerms: Type.Optional(Nullable(NetPaymentTerms)),
      metadata: Type.Optional(MetadataSchema),
    },
    {
      additionalProperties: false,
      minProperties: 1,
      description:
        'At least one property. null clears name, country, timezone or netPaymentTerms; metadata is replaced',
      example: { name: 'Acme Holding GmbH', timezone: null },
    },
  ),
);
export type UpdateCustomerBody = Static<typeof UpdateCustomerBodySchema>;

export const CustomerListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    search: Type.Optional(
      Type.String({
        maxLength: 255,
        description: 'Case-insensitive substring of name, email or externalId',
        example: 'acme',
      }),
    ),
    country: Type.Optional(CountryCodeSchema),
    currency: Type.Optional(CurrencyCodeSchema),
    testClockId: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Only the customers of this test clock',
        example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The list envelope of CONTRACT §4 with an example page (`listEnvelopeSchema` takes no example). */
function envelopeOf<T extends TSchema>(name: string, item: T, example: unknown) {
  return named(
    name,
    Type.Object(
      { data: Type.Array(item), meta: ListMetaSchema },
      {
        additionalProperties: false,
        example: { data: [example], meta: { total: 1, page: 1, limit: 20, totalPages: 1 } },
      },
    ),
  );
}

export const CustomerListSchema = envelopeOf('CustomerList', CustomerSchema, EXAMPLE_CUSTOMER);

export const CustomerInvoiceListSchema = listEnvelopeSchema('CustomerInvoiceList', InvoiceSchema);
export const CustomerPaymentListSchema = listEnvelopeSchema('CustomerPaymentList', PaymentSchema);
