import { Type, type TSchema } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import type { WebhookEventType } from '../../../domain/webhooks';
import type { OutboundWebhook } from '../../openapi/build-document';
import { named } from '../../openapi/schema-registry';
import { TimestampSchema } from '../../schemas/common';
import { InvoiceSchema } from '../invoices/schema';
import { PaymentProviderSchema, PaymentStatusSchema } from '../payments/schema';
import { SubscriptionBillingErrorSchema, SubscriptionSchema } from '../subscriptions/schema';
import { TestClockSchema } from '../test-clocks/schema';
import { WalletSchema, WalletTransactionSchema } from '../wallets/schema';

/**
 * What a tenant's `webhookUrl` receives (SPEC §6, CONTRACT §8). The document is OpenAPI 3.0, which has no
 * `webhooks` section: these are components, one per event, listed by the `WebhookEnvelope` description.
 */

const envelopeProperties = (event: TSchema, data: TSchema) => ({
  id: Type.String({
    pattern: `^whe_${ULID_PATTERN}$`,
    description: 'The event id, also the `webhook-id` header: the same on every attempt; deduplicate on it',
    example: 'whe_01JD7X3Q8K9V2N4M6P8R0S2T4W',
  }),
  event,
  timestamp: {
    ...TimestampSchema,
    description: 'When the change happened (ISO 8601 UTC); for a customer on a test clock, the clock’s time',
  },
  testClockId: Type.Optional(
    Type.String({
      pattern: `^clk_${ULID_PATTERN}$`,
      description:
        'Present only on events about a customer on a test clock (and on `test_clock.ready`): the clock. ' +
        'Every other event has no such key.',
      example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W',
    }),
  ),
  data,
});

/**
 * `wallet.created` and `wallet.terminated`: the wallet as the API shows it without its ongoing balance, which these
 * events do not carry (they are recorded inside the change they report, where usage is not priced; a terminated
 * wallet's ongoing balance is 0). The balance alerts carry the ongoing balance they were sent for.
 */
export const WalletWebhookDataSchema = named(
  'WalletWebhookData',
  Type.Omit(WalletSchema, ['ongoingBalance', 'ongoingCreditsBalance'], { additionalProperties: false }),
);

export const PaymentWebhookDataSchema = named(
  'PaymentWebhookData',
  Type.Object(
    {
      id: Type.String({ pattern: `^pay_${ULID_PATTERN}$`, example: 'pay_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      invoiceId: Type.String({ pattern: `^inv_${ULID_PATTERN}$`, example: 'inv_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      amount: Type.Number({ minimum: 0, description: 'In major units of `currency`', example: 49.99 }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      provider: PaymentProviderSchema,
      status: PaymentStatusSchema,
    },
    { additionalProperties: false },
  ),
);

/** `payment.refunded` (CONTRACT §11): the payment as the other payment events carry it, plus what was refunded. */
export const PaymentRefundedWebhookDataSchema = named(
  'PaymentRefundedWebhookData',
  Type.Object(
    {
      ...PaymentWebhookDataSchema.properties,
      amountRefunded: Type.Number({ minimum: 0, description: 'All refunded so far, in major units', example: 10 }),
      refund: Type.Object(
        {
          id: Type.String({ pattern: `^re_${ULID_PATTERN}$`, example: 're_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
          amount: Type.Number({ minimum: 0, description: 'This refund, in major units', example: 10 }),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);

/**
 * `invoice.generation_failed`: which subscription and period could not be invoiced, and why. No amounts: the one
 * that failed is beyond what an invoice can hold.
 */
export const InvoiceGenerationFailedWebhookDataSchema = named(
  'InvoiceGenerationFailedWebhookData',
  Type.Object(
    {
      subscriptionId: Type.String({ pattern: `^sub_${ULID_PATTERN}$`, example: 'sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E' }),
      customerId: Type.String({ example: 'cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E' }),
      code: SubscriptionBillingErrorSchema.properties.code,
      message: SubscriptionBillingErrorSchema.properties.message,
      periodStart: SubscriptionBillingErrorSchema.properties.periodStart,
      periodEnd: SubscriptionBillingErrorSchema.properties.periodEnd,
    },
    {
      additionalProperties: false,
      description:
        'The subscription now shows this as `billingError`; `POST /subscriptions/{id}/retry-billing` issues the ' +
        'invoice again (`invoice.created` follows when it succeeds)',
    },
  ),
);

const DELIVERY =
  'POSTed as JSON to the tenant’s `webhookUrl` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` ' +
  'and `webhook-signature` (see docs/webhooks.md). A 2xx within 30 s acknowledges it; otherwise it is retried 5 ' +
  'min, 30 min, 2 h and 24 h after the event.';

const DATA_OF: Readonly<Record<WebhookEventType, { schema: TSchema; when: string }>> = {
  'payment.succeeded': { schema: PaymentWebhookDataSchema, when: 'a payment was processed successfully' },
  'payment.failed': { schema: PaymentWebhookDataSchema, when: 'a payment attempt failed' },
  'payment.refunded': { schema: PaymentRefundedWebhookDataSchema, when: 'a refund of the payment succeeded' },
  'payment.refund_failed': {
    schema: PaymentRefundedWebhookDataSchema,
    when: 'a refund that had succeeded failed at the provider after all: `amountRefunded` no longer counts it',
  },
  'subscription.created': { schema: SubscriptionSchema, when: 'a subscription was created' },
  'subscription.renewed': { schema: SubscriptionSchema, when: 'a subscription was renewed' },
  'subscription.canceled': { schema: SubscriptionSchema, when: 'a subscription was canceled' },
  'subscription.paused': { schema: SubscriptionSchema, when: 'a subscription was paused' },
  'subscription.resumed': { schema: SubscriptionSchema, when: 'a subscription was resumed' },
  'subscription.past_due': { schema: SubscriptionSchema, when: 'a subscription became past due' },
  'invoice.created': { schema: InvoiceSchema, when: 'an invoice was generated' },
  'invoice.paid': { schema: InvoiceSchema, when: 'an invoice was paid' },
  'invoice.voided': { schema: InvoiceSchema, when: 'an invoice was voided' },
  'invoice.generation_failed': {
    schema: InvoiceGenerationFailedWebhookDataSchema,
    when: 'a period’s invoice could not be issued (its usage priced beyond the money maximum) and waits for a retry',
  },
  'wallet.created': { schema: WalletWebhookDataSchema, when: 'a wallet was created' },
  'wallet.terminated': {
    schema: WalletWebhookDataSchema,
    when: 'a wallet was deleted or expired; its remaining credits voided',
  },
  'wallet.transaction.created': {
    schema: WalletTransactionSchema,
    when: 'credits were granted, bought, voided, used by an invoice or given back by its void',
  },
  'wallet.low_balance': {
    schema: WalletSchema,
    when:
      'the ongoing credits fell to `lowBalanceThresholdCredits` or below (once per crossing; again only after they ' +
      'rose back above); the wallet with its ongoing balance as checked',
  },
  'wallet.depleted': {
    schema: WalletSchema,
    when:
      'the ongoing balance fell to 0 or below (once per crossing; again only after it rose back above); the wallet ' +
      'with its ongoing balance as checked',
  },
  'test_clock.ready': {
    schema: TestClockSchema,
    when: 'a test clock’s advance is done: every workflow of its customers ran what was due up to its new time',
  },
};

/** `invoice.paid` → `InvoicePaidWebhook`, `subscription.past_due` → `SubscriptionPastDueWebhook`. */
function componentNameOf(event: string): string {
  const words = event.split(/[._]/).map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`);
  return `${words.join('')}Webhook`;
}

function webhookComponentNames(): string[] {
  return Object.keys(DATA_OF).map(componentNameOf);
}

export const WebhookEnvelopeSchema = named(
  'WebhookEnvelope',
  Type.Object(
    envelopeProperties(
      Type.String({ description: 'The event type (SPEC §6.2)', example: 'invoice.paid' }),
      Type.Object({}, { additionalProperties: true, description: 'The affected record' }),
    ),
    {
      additionalProperties: false,
      description: `Every outbound webhook. ${DELIVERY} One component per event type: ${webhookComponentNames().join(', ')}.`,
    },
  ),
);

const PAYLOAD_OF = new Map<string, TSchema>(
  Object.entries(DATA_OF).map(([event, { schema, when }]) => [
    event,
    named(
      componentNameOf(event),
      Type.Object(envelopeProperties(Type.Literal(event), schema), {
        additionalProperties: false,
        description: `\`${event}\`: sent when ${when}. ${DELIVERY}`,
      }),
    ),
  ]),
);

/** The documented schema of one event's whole request body (envelope included). */
export function webhookPayloadSchemaOf(event: WebhookEventType): TSchema {
  const schema = PAYLOAD_OF.get(event);
  if (schema === undefined) throw new Error(`no payload schema for ${event}`);
  return schema;
}

/** What the tenant's endpoint receives, one entry per event: the document's `x-webhooks` section. */
export const OUTBOUND_WEBHOOKS: readonly OutboundWebhook[] = Object.entries(DATA_OF).map(([event, { when }]) => ({
  event,
  // `invoice.paid` → `invoicePaidWebhook`, after its body's component `InvoicePaidWebhook`.
  operationId: componentNameOf(event).replace(/^./, (first) => first.toLowerCase()),
  summary: `Sent when ${when}`,
  description: DELIVERY,
  schema: webhookPayloadSchemaOf(event as WebhookEventType),
}));

/** One component per event type: the envelope with its `event` fixed and its `data` schema. */
export const WEBHOOK_PAYLOAD_SCHEMAS: readonly TSchema[] = [WebhookEnvelopeSchema, ...PAYLOAD_OF.values()];
