import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../openapi/schema-registry';

const urlSchema = (description: string) =>
  Type.String({
    format: 'uri',
    pattern: '^https?://',
    maxLength: 2048,
    description,
    example: 'https://example.com/paid',
  });

/** `POST /invoices/:id/checkout` (CONTRACT §11). */
export const CheckoutBodySchema = named(
  'CheckoutRequest',
  Type.Object(
    {
      providerId: Type.Optional(
        Type.String({
          maxLength: 100,
          description:
            'The payment provider configuration; default: the default provider taking the currency, else the oldest',
        }),
      ),
      successUrl: Type.Optional(urlSchema('Where the hosted checkout sends the payer after paying')),
      cancelUrl: Type.Optional(urlSchema('Where the hosted checkout sends a payer who gives up')),
      phoneNumber: Type.Optional(
        Type.String({
          pattern: '^\\+[1-9][0-9]{6,14}$',
          description: 'E.164; required for M-Pesa (the payment prompt goes to this phone)',
          example: '+254712345678',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
export type CheckoutBody = Static<typeof CheckoutBodySchema>;
