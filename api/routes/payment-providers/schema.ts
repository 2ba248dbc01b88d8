import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { PROVIDER_KINDS, type ProviderKind } from '../../../domain/payments';
import {
  MPESA_ENVIRONMENTS,
  type MpesaEnvironment,
  type ProviderCredentials,
} from '../../../services/payments/providers';
import { listEnvelopeSchema } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { CurrencyCodeSchema, TimestampSchema } from '../../schemas/common';

const Secret = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 500, pattern: '^\\S+$', description, example });
const closed = { additionalProperties: false } as const;

const credentialFields = {
  secretKey: (provider: string, example: string) => Secret(`${provider} secret key`, example),
  webhookSecret: Secret('Stripe webhook signing secret (`whsec_...`)', 'whsec_5f1b0c2d4e6a8b9c0d1e2f3a4b5c6d7e'),
  secretHash: Secret('Flutterwave webhook secret hash (sent back in `verif-hash`)', 'a-long-random-hash-4d2f'),
  consumerKey: Secret('Daraja app consumer key', 'GvzjNnYgNJtwgwfLBkZh65VOwhlGbVDV'),
  consumerSecret: Secret('Daraja app consumer secret', 'X3nPPfo0Plk3vd2a'),
  shortcode: Type.String({ pattern: '^[0-9]{5,7}$', description: 'Paybill or till number', example: '174379' }),
  passkey: Secret('Lipa na M-Pesa Online passkey', 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  initiatorName: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Daraja API operator (initiator) that reversals run as; needed for refunds',
    example: 'testapi',
  }),
  securityCredential: Secret(
    'The initiator password encrypted with Safaricom’s public certificate, base64 (needed for refunds)',
    'Safaricom999!*!EncryptedBase64Credential==',
  ),
  environment: Type.Unsafe<MpesaEnvironment>({
    type: 'string',
    enum: [...MPESA_ENVIRONMENTS],
    description: 'Daraja environment: sandbox.safaricom.co.ke or api.safaricom.co.ke',
    example: 'sandbox',
  }),
};

export const StripeCredentialsSchema = named(
  'StripeCredentials',
  Type.Object(
    {
      secretKey: credentialFields.secretKey('Stripe', 'sk_test_51NzQbWExampleKey4242'),
      webhookSecret: credentialFields.webhookSecret,
    },
    closed,
  ),
);
export const PaystackCredentialsSchema = named(
  'PaystackCredentials',
  Type.Object(
    { secretKey: credentialFields.secretKey('Paystack', 'sk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3') },
    closed,
  ),
);
export const FlutterwaveCredentialsSchema = named(
  'FlutterwaveCredentials',
  Type.Object(
    {
      secretKey: credentialFields.secretKey('Flutterwave', 'FLWSECK_TEST-3c9a8d2e1f0b4a5c6d7e8f9a0b1c2d3e-X'),
      secretHash: credentialFields.secretHash,
    },
    closed,
  ),
);
export const MpesaCredentialsSchema = named(
  'MpesaCredentials',
  Type.Object(
    {
      consumerKey: credentialFields.consumerKey,
      consumerSecret: credentialFields.consumerSecret,
      shortcode: credentialFields.shortcode,
      passkey: credentialFields.passkey,
      environment: credentialFields.environment,
      initiatorName: Type.Optional(credentialFields.initiatorName),
      securityCredential: Type.Optional(credentialFields.securityCredential),
    },
    closed,
  ),
);

/** SANDBOX takes no credentials: the platform makes its key and webhook secret when it is configured. */
export const SandboxCredentialsSchema = named(
  'SandboxCredentials',
  Type.Object({}, { ...closed, description: 'Nothing: the sandbox’s key and webhook secret are made for you' }),
);

/**
 * The one closed credentials schema of each provider; PATCH checks merged credentials against it (so no PATCH of
 * credentials is accepted for SANDBOX, whose credentials are the platform's to make).
 */
export const CREDENTIALS_SCHEMAS: Readonly<Record<ProviderKind, TSchema>> = {
  STRIPE: StripeCredentialsSchema,
  PAYSTACK: PaystackCredentialsSchema,
  FLUTTERWAVE: FlutterwaveCredentialsSchema,
  MPESA: MpesaCredentialsSchema,
  SANDBOX: SandboxCredentialsSchema,
};

// String enums rather than unions of literals: a wrong value is then one error listing the allowed ones.
export const ProviderKindSchema = named(
  'PaymentProviderKind',
  Type.Unsafe<ProviderKind>({
    type: 'string',
    enum: [...PROVIDER_KINDS],
    description:
      'STRIPE (cards), PAYSTACK and FLUTTERWAVE (pan-African), MPESA (mobile money, Safaricom Daraja), SANDBOX ' +
      '(this platform’s stand-in provider for trying payments: no account, any currency, left out of analytics)',
    example: 'STRIPE',
  }),
);

const settingsProperties = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A label', example: 'Stripe EU' })),
  isDefault: Type.Optional(
    Type.Boolean({ description: 'Make this the default provider; clears the flag on the others', example: true }),
  ),
  supportedCurrencies: Type.Optional(
    Type.Array(CurrencyCodeSchema, {
      maxItems: 200,
      uniqueItems: true,
      description: 'ISO 4217 codes this configuration takes (any case; stored upper case)',
      example: ['USD', 'EUR'],
    }),
  ),
};

const ApiBaseUrlSchema = Type.String({
  format: 'uri',
  pattern: '^https?://',
  maxLength: 2048,
  description:
    'Where the provider API is called instead of its real base URL (a proxy, a local fake). Public hosts only, ' +
    'unless the operator allows private targets',
  example: 'https://stripe-proxy.example.com',
});

/** A request body as the handler sees it: `provider` narrows `credentials`; SANDBOX has none to send. */
export type CreatePaymentProviderBody = (
  Exclude<ProviderCredentials, { provider: 'SANDBOX' }> | { provider: 'SANDBOX'; credentials?: Record<string, never> }
) & {
  name?: string;
  isDefault?: boolean;
  supportedCurrencies?: string[];
  apiBaseUrl?: string;
};

/**
 * "provider is K implies credentials match K's schema", as anyOf[credentials valid, provider is not K]. Not a
 * oneOf of four branches: ajv would report every branch's errors for one mistake; this way a refused body names only
 * the fields of its own provider (the validator drops the guard's `not` and the `anyOf` summary: see union-errors).
 */
const credentialsRule = (provider: ProviderKind): TSchema =>
  Type.Unsafe({
    anyOf: [
      { type: 'object', properties: { credentials: CREDENTIALS_SCHEMAS[provider] } },
      { type: 'object', properties: { provider: { not: { const: provider } } } },
    ],
  });

/** Every provider but SANDBOX needs `credentials`: anyOf[credentials present, provider is SANDBOX]. */
const CREDENTIALS_REQUIRED: TSchema = Type.Unsafe({
  anyOf: [
    { type: 'object', required: ['credentials'] },
    {
      type: 'object',
      properties: { provider: { not: { enum: PROVIDER_KINDS.filter((kind) => kind !== 'SANDBOX') } } },
    },
  ],
});

export const CreatePaymentProviderBodySchema = named(
  'CreatePaymentProviderRequest',
  Type.Unsafe<CreatePaymentProviderBody>(
    Type.Object(
      {
        provider: ProviderKindSchema,
        ...settingsProperties,
        apiBaseUrl: Type.Optional(ApiBaseUrlSchema),
        credentials: Type.Optional(
          Type.Object(
            {},
            {
              description:
                'The provider’s closed credentials object: StripeCredentials, PaystackCredentials, ' +
                'FlutterwaveCredentials or MpesaCredentials, as `provider` says; required but for SANDBOX, which ' +
                'takes none',
            },
          ),
        ),
      },
      {
        ...closed,
        allOf: [...PROVIDER_KINDS.map(credentialsRule), CREDENTIALS_REQUIRED],
        example: {
          provider: 'STRIPE',
          isDefault: true,
          supportedCurrencies: ['USD', 'EUR'],
          credentials: { secretKey: 'sk_test_51NzQbWExampleKey4242', webhookSecret: 'whsec_5f1b0c2d4e6a8b9c0d1e2f3a' },
        },
      },
    ),
  ),
);

export const UpdateCredentialsSchema = named(
  'UpdatePaymentProviderCredentials',
  Type.Object(
    {
      secretKey: Type.Optional(
        credentialFields.secretKey('Stripe, Paystack or Flutterwave', 'sk_test_51NzQbWNewKey9876'),
      ),
      webhookSecret: Type.Optional(credentialFields.webhookSecret),
      secretHash: Type.Optional(credentialFields.secretHash),
      consumerKey: Type.Optional(credentialFields.consumerKey),
      consumerSecret: Type.Optional(credentialFields.consumerSecret),
      shortcode: Type.Optional(credentialFields.shortcode),
      passkey: Type.Optional(credentialFields.passkey),
      environment: Type.Optional(credentialFields.environment),
      initiatorName: Type.Optional(credentialFields.initiatorName),
      securityCredential: Type.Optional(credentialFields.securityCredential),
    },
    {
      ...closed,
      minProperties: 1,
      description:
        'Fields of the provider’s credentials to replace; the others are kept. Only fields of the configured ' +
        'provider are accepted. Changing `apiBaseUrl` requires every field.',
    },
  ),
);

export const UpdatePaymentProviderBodySchema = named(
  'UpdatePaymentProviderRequest',
  Type.Object(
    {
      ...settingsProperties,
      name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
      apiBaseUrl: Type.Optional(
        Type.Union([ApiBaseUrlSchema, Type.Null()], { description: 'null: back to the provider’s real API' }),
      ),
      credentials: Type.Optional(UpdateCredentialsSchema),
    },
    { ...closed, example: { isDefault: true, credentials: { secretKey: 'sk_test_51NzQbWNewKey9876' } } },
  ),
);
export type UpdatePaymentProviderBody = Static<typeof UpdatePaymentProviderBodySchema>;

export const PaymentProviderSchema = named(
  'PaymentProvider',
  Type.Object(
    {
      id: Type.String({ pattern: `^pp_${ULID_PATTERN}$`, example: 'pp_01JD6Z8Q2W3E4R5T6Y7U8I9O0P' }),
      provider: ProviderKindSchema,
      name: Type.Union([Type.String(), Type.Null()]),
      isDefault: Type.Boolean(),
      supportedCurrencies: Type.Array(Type.String({ pattern: '^[A-Z]{3}$' }), { example: ['USD', 'EUR'] }),
      apiBaseUrl: Type.Union([Type.String(), Type.Null()], { description: 'null: the provider’s real API' }),
      credentials: Type.Object(
        {},
        {
          additionalProperties: Type.String(),
          description: 'Masked hints only (known prefix and last 4); secrets are never returned',
          example: { secretKey: 'sk_test_…4242', webhookSecret: 'whsec_…9f3a' },
        },
      ),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    closed,
  ),
);
export type PaymentProviderJson = Static<typeof PaymentProviderSchema>;

export const PaymentProviderListSchema = listEnvelopeSchema('PaymentProviderList', PaymentProviderSchema);

export const ConnectionTestResultSchema = named(
  'PaymentProviderConnectionTest',
  Type.Object(
    {
      ...PaymentProviderSchema.properties,
      ok: Type.Literal(true, { description: 'The provider accepted the stored credentials' }),
      checkedAt: TimestampSchema,
    },
    { ...closed, description: 'The provider, tested: a refusal is a 502 instead' },
  ),
);
export type ConnectionTestResultJson = Static<typeof ConnectionTestResultSchema>;
