import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { listEnvelopeSchema } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { TimestampSchema } from '../../schemas/common';
import { CustomerSchema } from '../customers/schema';
import { InvoiceSchema } from '../invoices/schema';
import { PaymentSchema } from '../payments/schema';
import { SubscriptionSchema } from '../subscriptions/schema';
import { WalletSchema } from '../wallets/schema';

/** `:externalId` is the tenant's own reference for the customer (CONTRACT §7), not the `cust_` id. */
export const PortalCustomerParamsSchema = Type.Object(
  { externalId: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);

export const PortalInvoiceParamsSchema = Type.Object(
  { externalId: Type.String({ minLength: 1, maxLength: 255 }), invoiceId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

export const PortalOutstandingSchema = named(
  'PortalOutstanding',
  Type.Object(
    {
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      amountDue: Type.Number({ description: 'Sum of the amount due of OPEN and UNCOLLECTIBLE invoices', example: 49 }),
    },
    { additionalProperties: false },
  ),
);

export const PortalBillingSchema = named(
  'PortalBilling',
  Type.Object(
    {
      customer: CustomerSchema,
      subscriptions: Type.Array(SubscriptionSchema, { description: 'Live subscriptions (every status but CANCELED)' }),
      outstanding: Type.Array(PortalOutstandingSchema, { description: 'Per currency, never summed across them' }),
      wallet: Type.Union([WalletSchema, Type.Null()], { description: 'The ACTIVE wallet, or null' }),
      nextInvoiceAt: Type.Union([TimestampSchema, Type.Null()], {
        description: 'The earliest currentPeriodEnd of the live subscriptions, or null',
      }),
    },
    { additionalProperties: false },
  ),
);
export type PortalBillingJson = Static<typeof PortalBillingSchema>;

export const PortalSubscriptionListSchema = listEnvelopeSchema('PortalSubscriptionList', SubscriptionSchema);
export const PortalInvoiceListSchema = listEnvelopeSchema('PortalInvoiceList', InvoiceSchema);
export const PortalPaymentListSchema = listEnvelopeSchema('PortalPaymentList', PaymentSchema);

export const CreatePortalSessionBodySchema = named(
  'CreatePortalSessionRequest',
  Type.Object(
    {
      returnUrl: Type.Optional(
        Type.String({
          format: 'uri',
          pattern: '^https?://',
          maxLength: 2048,
          description: 'Where the page’s “Back” link takes the customer (your site); http(s)',
          example: 'https://tenant.example/account',
        }),
      ),
      locale: Type.Optional(
        Type.String({
          pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
          maxLength: 35,
          description: 'BCP 47 language tag for number and date formats on the page; default en-US',
          example: 'de-DE',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
export type CreatePortalSessionBody = Static<typeof CreatePortalSessionBodySchema>;

export const PortalSessionSchema = named(
  'PortalSession',
  Type.Object(
    {
      id: Type.String({ pattern: `^pss_${ULID_PATTERN}$`, example: 'pss_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      url: Type.String({
        format: 'uri',
        description: 'The page’s link for this one customer; send it to them. Usable until expiresAt',
        example: 'https://billing.example.com/portal?token=eyJ...',
      }),
      expiresAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
