import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../openapi/schema-registry';

/**
 * A provider's notification exactly as the provider sends it. Not validated here: the signature is over the raw
 * bytes, and each provider's shape is read by its gateway after the signature checks (CONTRACT §11).
 */
export const ProviderNotificationBodySchema = Type.Unknown({
  description:
    "The provider's notification as it sends it: any JSON up to 1 MiB, its signature checked over the raw bytes",
});

/**
 * M-Pesa posts to the callback URL the payment's request gave it; the URL carries what Daraja does not sign. Open:
 * like every provider route (CONTRACT §11), the callback ignores parameters it does not read (a proxy's or a
 * tracker's), which can neither authenticate nor change anything. The OpenAPI parameters list these three only.
 */
export const MpesaCallbackQuerySchema = Type.Object({
  reference: Type.Optional(Type.String({ maxLength: 100, description: 'Our payment reference (the payment id)' })),
  token: Type.Optional(
    Type.String({ maxLength: 200, description: "The payment's secret callback token (M-Pesa signs nothing)" }),
  ),
  refund: Type.Optional(Type.String({ maxLength: 100, description: 'Our refund id, on a reversal result callback' })),
});

export const NotificationReceivedSchema = named(
  'NotificationReceived',
  Type.Object(
    {
      received: Type.Literal(true, {
        description: 'Taken: stored and handed to the payment workflow, or a repeat, or for no payment of ours',
      }),
    },
    { additionalProperties: false },
  ),
);
export type NotificationReceivedJson = Static<typeof NotificationReceivedSchema>;
