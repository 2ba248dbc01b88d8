import type { Context } from 'koa';
import type { ProviderKind } from '../../../domain/payments';
import { invalid } from '../../../services/platform/errors';
import { createGateway, type InboundNotification } from '../../../services/payments/gateways';
import {
  receiveProviderNotification,
  temporalPaymentSignaller,
  temporalUnavailable,
  type NotificationReceiptDeps,
  type PaymentNotificationSignaller,
} from '../../../services/payments/notifications';
import type { AppDeps } from '../../app-deps';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import {
  MpesaCallbackQuerySchema,
  NotificationReceivedSchema,
  ProviderNotificationBodySchema,
  type NotificationReceivedJson,
} from './schema';

const TAGS = ['Provider webhooks'];

const ROUTES: readonly { provider: ProviderKind; path: string; operationId: string; scheme: string }[] = [
  {
    provider: 'STRIPE',
    path: '/webhooks/stripe',
    operationId: 'receiveStripeNotification',
    scheme: '`Stripe-Signature` (`t=`, `v1=` HMAC-SHA256 of `t.body` with the endpoint secret, 300 s tolerance)',
  },
  {
    provider: 'PAYSTACK',
    path: '/webhooks/paystack',
    operationId: 'receivePaystackNotification',
    scheme: '`x-paystack-signature` (hex HMAC-SHA512 of the body with the secret key)',
  },
  {
    provider: 'FLUTTERWAVE',
    path: '/webhooks/flutterwave',
    operationId: 'receiveFlutterwaveNotification',
    scheme: '`verif-hash` equal to the configured secret hash; a success is re-verified through its API',
  },
  {
    provider: 'MPESA',
    path: '/webhooks/mpesa',
    operationId: 'receiveMpesaNotification',
    scheme: "the payment's secret `token` in the callback URL (Daraja signs nothing), then its STK query",
  },
  {
    provider: 'SANDBOX',
    path: '/webhooks/sandbox',
    operationId: 'receiveSandboxNotification',
    scheme:
      '`Sandbox-Signature` (`t=`, `v1=` HMAC-SHA256 of `t.body` with the webhook secret made when SANDBOX was ' +
      'configured, 300 s tolerance), then the sandbox API',
  },
];

/** The M-Pesa callback's only refusals before its token check; a parameter it does not read is never one. */
const MPESA_BAD_REQUEST =
  '`notification_body_missing`: no body; `validation_failed`: `reference`, `token` or `refund` given twice, ' +
  'longer than its limit or with a NUL character (other query parameters are ignored)';

/**
 * `POST /webhooks/<provider>` (CONTRACT §11): public, one per provider. The handler answers once the notification is
 * stored and the payment workflow has it; the workflow does the work.
 */
export function providerWebhookRoutes(deps: AppDeps): RouteDefinition[] {
  const receiptDeps = notificationReceiptDeps(deps);
  return ROUTES.map(({ provider, path, operationId, scheme }) =>
    defineRoute({
      method: 'post',
      path,
      operationId,
      summary: `Receive a ${provider === 'MPESA' ? 'M-Pesa' : titleCase(provider)} notification (for the provider)`,
      description:
        `Called by the provider, not by API clients. Checked by ${scheme}, with the secret of the tenant whose ` +
        'payment the notification names. A known payment with a bad or missing signature is 401 and changes ' +
        'nothing; an unknown reference or an event received before is 200 with no effect; any other event ' +
        'of a known payment is stored and handed to its payment workflow. Not counted toward any tenant: ' +
        '6,000 requests per minute per client IP.' +
        (provider === 'MPESA' ? ' Query parameters other than `reference`, `token` and `refund` are ignored.' : ''),
      tags: TAGS,
      auth: { kind: 'none' },
      ...(provider === 'MPESA' ? { query: MpesaCallbackQuerySchema } : {}),
      body: ProviderNotificationBodySchema,
      // Any JSON (CONTRACT §11), NUL characters included: the signature is over the bytes; what is stored is cleaned.
      unvalidatedBody: true,
      responses: {
        200: { description: 'Taken (or nothing to do)', schema: NotificationReceivedSchema },
        ...(provider === 'MPESA' ? { 400: { description: MPESA_BAD_REQUEST, schema: ErrorBodySchema } } : {}),
        401: {
          description: "`invalid_signature`: not signed with the payment's provider secret",
          schema: ErrorBodySchema,
        },
        503: {
          description: '`temporal_unavailable`: not taken, nothing stored; the provider retries',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ ctx }): Promise<NotificationReceivedJson> => {
        await receiveProviderNotification(receiptDeps, provider, inboundNotificationOf(ctx, deps.clock.now()));
        return { received: true };
      },
    }),
  );
}

function notificationReceiptDeps(deps: AppDeps): NotificationReceiptDeps {
  const signal: PaymentNotificationSignaller =
    deps.temporal === undefined ? () => Promise.reject(temporalUnavailable()) : temporalPaymentSignaller(deps.temporal);
  return {
    orm: deps.orm,
    clock: deps.clock,
    logger: deps.logger,
    config: deps.config,
    createGateway,
    signal,
  };
}

/** The request as the gateways read it; a header or parameter sent twice is ambiguous, so it counts as absent. */
function inboundNotificationOf(ctx: Context, receivedAt: Date): InboundNotification {
  const rawBody = ctx.request.rawBody;
  if (rawBody === undefined || rawBody.length === 0) {
    throw invalid('notification_body_missing', 'A provider notification has a JSON body');
  }
  return { rawBody, headers: singleValues(ctx.headers), query: singleValues(ctx.query), receivedAt };
}

function singleValues(values: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const titleCase = (word: string): string => `${word.charAt(0)}${word.slice(1).toLowerCase()}`;
