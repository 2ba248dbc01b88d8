import { Type, type Static, type TInteger } from '@sinclair/typebox';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import { named } from '../../openapi/schema-registry';
import { tenantProperties } from '../../presenters/tenant';
import { CountryCodeSchema, TimeZoneSchema } from '../../schemas/common';
import { MAILBOX_FORMAT } from '../../validation/mailbox';

export const SmtpSettingsSchema = named(
  'SmtpSettings',
  Type.Object(
    {
      host: Type.String(),
      port: Type.Integer({ minimum: 1, maximum: 65535 }),
      secure: Type.Boolean({ description: 'TLS from the first byte (port 465); false upgrades with STARTTLS' }),
      user: Type.Union([Type.String(), Type.Null()]),
      from: Type.String({ description: 'Sender of the tenant’s e-mails' }),
      passwordSet: Type.Boolean({ description: 'Whether a password is stored; the password itself is never shown' }),
    },
    { additionalProperties: false },
  ),
);

const settingsProperties = {
  timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, default UTC' }),
  invoicePrefix: Type.String({
    pattern: '^[A-Z0-9-]{1,10}$',
    description: 'Invoice number prefix, default INV',
    example: 'ACME',
  }),
  netPaymentTerms: Type.Integer({ minimum: 0, maximum: 365, description: 'Days to pay an invoice, default 30' }),
  invoiceGracePeriodDays: Type.Integer({
    minimum: 0,
    maximum: 365,
    description: 'Days an invoice stays a draft before it is finalised, default 0',
  }),
};

const dunningProperties = {
  reminderDays: Type.Array(Type.Integer({ minimum: 1, maximum: 365 }), {
    maxItems: 10,
    uniqueItems: true,
    description: 'Days after the due date on which a reminder e-mail goes out (up to 10 distinct), default [1, 3, 7]',
  }),
  uncollectibleAfterDays: Type.Integer({
    minimum: 1,
    maximum: 365,
    description: 'Days after the due date when an unpaid invoice becomes UNCOLLECTIBLE, default 30',
  }),
  cancelSubscription: Type.Boolean({
    description: 'Cancel the subscription (at once, no credit) when its invoice becomes UNCOLLECTIBLE, default false',
  }),
};

export const DunningSettingsSchema = named(
  'DunningSettings',
  Type.Object(dunningProperties, {
    additionalProperties: false,
    description: 'Collection of unpaid invoices (reminders and write-off); days are 24-hour days after the due date',
  }),
);

const portalProperties = {
  allowCancel: Type.Boolean({
    description: 'Customers may cancel a subscription at period end on the hosted page, and undo it; default false',
  }),
  allowPlanChange: Type.Boolean({
    description: 'Customers may change plan to one of `planIds` after a proration preview; default false',
  }),
  allowTopUp: Type.Boolean({ description: 'Customers may buy wallet credits on the hosted page; default false' }),
  planIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: 50,
    uniqueItems: true,
    description: 'Plans a customer may change to (same currency and interval as the current one); default []',
  }),
};

export const PortalSettingsSchema = named(
  'PortalSettings',
  Type.Object(portalProperties, {
    additionalProperties: false,
    description: 'What customers may do on the hosted portal page besides paying an open invoice (always allowed)',
  }),
);

export const TenantSettingsSchema = named(
  'TenantSettings',
  Type.Object(
    { ...settingsProperties, dunning: DunningSettingsSchema, portal: PortalSettingsSchema },
    { additionalProperties: false },
  ),
);

const addressPart = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });
const addressParts = {
  line1: addressPart(200, 'Street and number'),
  line2: addressPart(200, 'Building, floor, suite'),
  city: addressPart(100, 'City or town'),
  postalCode: addressPart(20, 'Postal or ZIP code'),
  state: addressPart(100, 'State, province or region'),
};
const ADDRESS_EXAMPLE = {
  line1: 'Torstraße 140',
  line2: '3rd floor',
  city: 'Berlin',
  postalCode: '10119',
  state: null,
  country: 'DE',
};

/** The tenant's postal address as shown: every part present, `null` where the tenant gave none. */
export const TenantAddressSchema = named(
  'TenantAddress',
  Type.Object(
    {
      line1: addressParts.line1,
      line2: Type.Union([addressParts.line2, Type.Null()]),
      city: addressParts.city,
      postalCode: Type.Union([addressParts.postalCode, Type.Null()]),
      state: Type.Union([addressParts.state, Type.Null()]),
      country: CountryCodeSchema,
    },
    { additionalProperties: false, example: ADDRESS_EXAMPLE },
  ),
);

const optionalPart = (schema: ReturnType<typeof addressPart>) => Type.Optional(Type.Union([schema, Type.Null()]));

export const TenantAddressInputSchema = named(
  'TenantAddressInput',
  Type.Object(
    {
      line1: addressParts.line1,
      line2: optionalPart(addressParts.line2),
      city: addressParts.city,
      postalCode: optionalPart(addressParts.postalCode),
      state: optionalPart(addressParts.state),
      country: CountryCodeSchema,
    },
    {
      additionalProperties: false,
      description: 'Replaces the stored address whole; omitted or null optional parts are absent',
      example: { line1: 'Torstraße 140', city: 'Berlin', postalCode: '10119', country: 'de' },
    },
  ),
);

const TAX_ID = {
  minLength: 2,
  maxLength: 50,
  // Letters and digits with inner spaces, dots, dashes or slashes: DE123456789, GB 123 4567 89, 12-3456789.
  pattern: '^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$',
  description: 'Tax id printed with the seller on invoice and credit-note PDFs (VAT number, EIN, GST number, ...)',
  example: 'DE123456789',
};

/** GET /tenants/me: the tenant as every response shows it, plus what only its owner sees (CONTRACT §6). */
export const TenantDetailsSchema = named(
  'TenantDetails',
  Type.Object(
    {
      ...tenantProperties,
      webhookSigningSecret: Type.String({
        pattern: '^whsec_',
        description: 'Standard Webhooks secret that signs outbound webhooks',
      }),
      smtp: Type.Union([SmtpSettingsSchema, Type.Null()], { description: 'The tenant’s own SMTP server, if any' }),
      settings: TenantSettingsSchema,
      address: Type.Union([TenantAddressSchema, Type.Null()], {
        description: 'Postal address printed on invoice PDFs; null until set',
      }),
      taxId: Type.Union([Type.String(TAX_ID), Type.Null()], { description: 'null until set' }),
      updatedAt: Type.String({ format: 'date-time', description: 'Last change of the profile or settings' }),
    },
    { additionalProperties: false },
  ),
);
export type TenantDetailsJson = Static<typeof TenantDetailsSchema>;

export const SmtpSettingsInputSchema = named(
  'SmtpSettingsInput',
  Type.Object(
    {
      host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[^\\s/@]+$', example: 'smtp.example.com' }),
      port: Type.Integer({ minimum: 1, maximum: 65535 }),
      secure: Type.Optional(Type.Boolean({ description: 'Default: true on port 465, otherwise false (STARTTLS)' })),
      user: Type.Optional(
        Type.Union([Type.String({ minLength: 1, maxLength: 320 }), Type.Null()], {
          description: 'Login name; required when a password is sent or kept. Omitted or null: no login',
        }),
      ),
      password: Type.Optional(
        Type.Union([Type.String({ minLength: 1, maxLength: 1024 }), Type.Null()], {
          description:
            'Stored encrypted, never returned. Omitted: the stored one is kept (same host and user only); null clears it',
        }),
      ),
      from: Type.String({
        format: MAILBOX_FORMAT,
        maxLength: 320,
        description:
          'Sender: `billing@acme.com` or `Acme <billing@acme.com>`; a name holding `,` `;` `:` or parentheses is ' +
          'quoted: `"Acme, Inc." <billing@acme.com>`',
        example: 'Acme Billing <billing@acme.example>',
      }),
    },
    { additionalProperties: false },
  ),
);

export const UpdateTenantBodySchema = named(
  'UpdateTenantRequest',
  Type.Object(
    {
      name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Not blank; trimmed' }),
      ),
      companyName: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Not blank; trimmed' }),
      ),
      webhookUrl: Type.Optional(
        Type.Union([Type.String({ format: 'uri', maxLength: 2048 }), Type.Null()], {
          description: 'http(s) URL receiving outbound webhooks; must reach a public address; null removes it',
        }),
      ),
      smtp: Type.Optional(Type.Union([SmtpSettingsInputSchema, Type.Null()], { description: 'null removes them' })),
      settings: Type.Optional(
        Type.Object(
          {
            timezone: Type.Optional(TimeZoneSchema),
            invoicePrefix: Type.Optional(settingsProperties.invoicePrefix),
            netPaymentTerms: Type.Optional(settingsProperties.netPaymentTerms),
            invoiceGracePeriodDays: Type.Optional(settingsProperties.invoiceGracePeriodDays),
            dunning: Type.Optional(
              Type.Object(
                {
                  reminderDays: Type.Optional(dunningProperties.reminderDays),
                  uncollectibleAfterDays: Type.Optional(dunningProperties.uncollectibleAfterDays),
                  cancelSubscription: Type.Optional(dunningProperties.cancelSubscription),
                },
                {
                  additionalProperties: false,
                  minProperties: 1,
                  description: 'Merged with the stored dunning settings',
                },
              ),
            ),
            portal: Type.Optional(
              Type.Object(
                {
                  allowCancel: Type.Optional(portalProperties.allowCancel),
                  allowPlanChange: Type.Optional(portalProperties.allowPlanChange),
                  allowTopUp: Type.Optional(portalProperties.allowTopUp),
                  planIds: Type.Optional(portalProperties.planIds),
                },
                {
                  additionalProperties: false,
                  minProperties: 1,
                  description: 'Merged with the stored portal settings; `planIds` replaced whole',
                },
              ),
            ),
          },
          { additionalProperties: false, minProperties: 1, description: 'Merged with the stored settings' },
        ),
      ),
      address: Type.Optional(
        Type.Union([TenantAddressInputSchema, Type.Null()], { description: 'Replaced whole; null removes it' }),
      ),
      taxId: Type.Optional(Type.Union([Type.String(TAX_ID), Type.Null()], { description: 'null removes it' })),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
);
export type UpdateTenantBody = Static<typeof UpdateTenantBodySchema>;

/** One count per status, in the order of SUBSCRIPTION_STATUSES. */
const countPerSubscriptionStatus = Object.fromEntries(
  SUBSCRIPTION_STATUSES.map((status) => [status, Type.Integer({ minimum: 0 })]),
) as Record<SubscriptionStatus, TInteger>;

export const TenantUsageSchema = named(
  'TenantUsage',
  Type.Object(
    {
      customers: Type.Integer({ minimum: 0, description: 'Customers not deleted' }),
      subscriptions: Type.Object(
        {
          total: Type.Integer({ minimum: 0 }),
          byStatus: Type.Object(countPerSubscriptionStatus, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
      invoices: Type.Integer({ minimum: 0 }),
      apiKeys: Type.Integer({ minimum: 0, description: 'Keys neither revoked nor expired' }),
      requestsThisMonth: Type.Integer({
        minimum: 0,
        description: 'Authenticated requests in the current calendar month (UTC)',
      }),
    },
    { additionalProperties: false },
  ),
);

export const SmtpTestBodySchema = named(
  'SmtpTestRequest',
  Type.Object(
    { to: Type.String({ format: 'email', maxLength: 320, description: 'Recipient of the test message' }) },
    { additionalProperties: false },
  ),
);

export const SmtpTestResultSchema = named(
  'SmtpTestResult',
  Type.Object({ message: Type.String(), accepted: Type.Literal(true) }, { additionalProperties: false }),
);
