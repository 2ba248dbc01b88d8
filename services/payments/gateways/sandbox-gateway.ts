import { listCurrencyCodes, parseCurrencyCode } from '../../../domain/money';
import { defaultBaseUrl, refusalMessage, type SandboxCredentials } from '../providers';
import {
  GatewayError,
  type CheckoutResult,
  type GatewayOptions,
  type PaymentGateway,
  type RefundResult,
  type VerifiedPayment,
  type VerifiedRefund,
} from './gateway';
import { callProvider, isRetryableStatus, type ProviderAnswer } from './provider-http';
import { asObject, integerField, stringField, type JsonObject } from './provider-json';
import { parseSandboxNotification, sandboxReferenceOf } from './sandbox-notification';

/** Every ISO 4217 code the money module knows: the sandbox takes any currency. */
export const SANDBOX_CURRENCIES: ReadonlySet<string> = new Set(listCurrencyCodes());

/**
 * The sandbox provider: an HTTP adapter like the others, talking to the stand-in provider API this platform serves
 * under `<API_PUBLIC_URL>/sandbox` (its base URL; `apiBaseUrl` still replaces it). A checkout is a page with Pay and
 * Decline buttons; paying or declining posts a signed notification to `/api/webhooks/sandbox`, verified through
 * `GET /v1/checkouts/:id` like any provider's. Refunds succeed in the refund call's answer. JSON bodies, the
 * configuration's generated key as a bearer token, amounts as strings of minor units.
 */
export function createSandboxGateway(credentials: SandboxCredentials, options: GatewayOptions): PaymentGateway {
  // Read when a call is made: a gateway built only to read or check a notification needs no base URL.
  const base = (): string =>
    (options.apiBaseUrl ?? defaultBaseUrl({ provider: 'SANDBOX', credentials }, options.platformUrl ?? null)).replace(
      /\/+$/,
      '',
    );
  const call = (method: 'GET' | 'POST', path: string, body?: object) =>
    callProvider(options, {
      defaultBaseUrl: base(),
      method,
      path,
      headers: {
        authorization: `Bearer ${credentials.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    provider: 'SANDBOX',
    currencies: SANDBOX_CURRENCIES,
    // The sandbox keeps one refund per (checkout, our refund id).
    refundCallsIdempotent: true,
    async createCheckout(request): Promise<CheckoutResult> {
      const answer = await call('POST', '/v1/checkouts', {
        reference: request.reference,
        amountMinor: request.amountMinor.toString(),
        currency: request.currency,
        description: request.description,
        callbackUrl: request.callbackUrl,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt.toISOString(),
      });
      const checkout = expectSuccess('create the checkout', answer);
      const id = stringField(checkout, 'id');
      if (id === undefined) throw unexpected('a checkout without an id');
      // The sandbox serves each checkout's page beside its API.
      return { checkoutUrl: `${base()}/checkout/${id}`, providerCheckoutId: id, expiresAt: request.expiresAt };
    },
    async verifyPayment(query): Promise<VerifiedPayment> {
      if (query.providerCheckoutId === null) return { status: 'pending' };
      const answer = await call('GET', `/v1/checkouts/${encodeURIComponent(query.providerCheckoutId)}`);
      const checkout = expectSuccess('verify the payment', answer);
      if (stringField(checkout, 'reference') !== query.reference) throw unexpected('a checkout of another payment');
      return verifiedFromCheckout(checkout);
    },
    async endCheckout(query): Promise<'ended' | 'not_open'> {
      const path = `/v1/checkouts/${encodeURIComponent(query.providerCheckoutId)}/expire`;
      const checkout = expectSuccess('expire the checkout', await call('POST', path, {}));
      return stringField(checkout, 'status') === 'EXPIRED' ? 'ended' : 'not_open';
    },
    async refund(request): Promise<RefundResult> {
      const answer = await call('POST', '/v1/refunds', {
        checkoutId: request.providerReference,
        refundReference: request.refundId,
        amountMinor: request.amountMinor.toString(),
        currency: request.currency,
      });
      if (isRetryableStatus(answer.statusCode)) throw refusal('refund', answer);
      if (answer.statusCode >= 300) {
        return {
          status: 'failed',
          reason: refusalMessage('SANDBOX', answer.statusCode, answer.text),
          providerRefundId: null,
        };
      }
      const refund = asObject(answer.json);
      return { status: 'succeeded', providerRefundId: stringField(refund, 'id') ?? null };
    },
    async verifyRefund(query): Promise<VerifiedRefund> {
      const answer = await call('GET', `/v1/refunds/${encodeURIComponent(query.providerRefundId)}`);
      const refund = expectSuccess('read the refund', answer);
      return stringField(refund, 'status') === 'SUCCEEDED'
        ? { status: 'succeeded' }
        : { status: 'failed', reason: 'refused by the sandbox' };
    },
    referenceOf: sandboxReferenceOf,
    verifyNotification: parseSandboxNotification,
  };
}

function verifiedFromCheckout(checkout: JsonObject): VerifiedPayment {
  const id = stringField(checkout, 'id') ?? null;
  switch (stringField(checkout, 'status')) {
    case 'PAID': {
      const amountMinor = integerField(checkout, 'amountMinor');
      const currency = parseCurrencyCode(stringField(checkout, 'currency') ?? '');
      if (amountMinor === undefined || !currency.ok || id === null) throw unexpected('a paid checkout without amount');
      return { status: 'succeeded', amountMinor, currency: currency.value, providerReference: id };
    }
    case 'DECLINED':
      return { status: 'failed', reason: 'declined', providerReference: id };
    case 'EXPIRED':
      return { status: 'failed', reason: 'expired', providerReference: id };
    case 'OPEN':
    case undefined:
      return { status: 'pending' };
    default:
      throw unexpected(`a checkout in an unknown status`);
  }
}

function expectSuccess(action: string, answer: ProviderAnswer): JsonObject {
  const body = asObject(answer.json);
  if (answer.statusCode < 200 || answer.statusCode >= 300 || body === undefined) throw refusal(action, answer);
  return body;
}

function refusal(action: string, answer: ProviderAnswer): GatewayError {
  const message = refusalMessage('SANDBOX', answer.statusCode, answer.text);
  return new GatewayError(
    `The sandbox could not ${action}: ${message}`,
    isRetryableStatus(answer.statusCode),
    answer.statusCode,
  );
}

const unexpected = (what: string): GatewayError => new GatewayError(`The sandbox answered with ${what}`, false);
