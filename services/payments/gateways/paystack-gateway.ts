import { parseCurrencyCode } from '../../../domain/money';
import { defaultBaseUrl, refusalMessage, type PaystackCredentials } from '../providers';
import {
  GatewayError,
  type CheckoutRequest,
  type CheckoutResult,
  type GatewayOptions,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type VerifiedRefund,
  type VerificationQuery,
  type VerifiedPayment,
} from './gateway';
import { verifiedRefund } from './verified-refund';
import { callProvider, isRetryableStatus, type ProviderAnswer } from './provider-http';
import { asObject, integerField, parseJsonObject, stringField, type JsonObject } from './provider-json';
import { PAYSTACK_CURRENCIES, toPaystackSubunits } from './paystack-currencies';
import { paystackEventData, paystackReferenceOf, parsePaystackEvent } from './paystack-notification';
import { newPaystackReference } from './paystack-reference';
import { verifyPaystackSignature } from './paystack-signature';

/**
 * Paystack Standard (issue 17): `POST /transaction/initialize` gives the hosted page for our reference,
 * `GET /transaction/verify/:reference` says how it stands, `POST /refund` refunds the transaction; webhooks are
 * signed with `x-paystack-signature` (CONTRACT §11). JSON bodies, the secret key as a Bearer token. Each checkout
 * attempt has its own transaction reference (paystack-reference.ts), which `providerCheckoutId` carries to
 * verification.
 */
export function createPaystackGateway(credentials: PaystackCredentials, options: GatewayOptions): PaymentGateway {
  const call = async (method: 'GET' | 'POST', path: string, body?: object) =>
    callProvider(options, {
      defaultBaseUrl: defaultBaseUrl({ provider: 'PAYSTACK', credentials }),
      method,
      path,
      headers: {
        authorization: `Bearer ${credentials.secretKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    provider: 'PAYSTACK',
    currencies: PAYSTACK_CURRENCIES,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const reference = newPaystackReference(request.reference);
      const data = expectData(await call('POST', '/transaction/initialize', initializeBody(request, reference)));
      const authorizationUrl = stringField(data, 'authorization_url');
      if (authorizationUrl === undefined) throw unexpected('an initialized transaction without authorization_url');
      // The transaction's reference (not its access code) is what verification names. Paystack's page has no expiry
      // of its own; the payment workflow expires the payment at expiresAt.
      return { checkoutUrl: authorizationUrl, providerCheckoutId: reference, expiresAt: request.expiresAt };
    },

    async verifyPayment(query: VerificationQuery): Promise<VerifiedPayment> {
      if (query.providerCheckoutId === null) {
        throw new GatewayError(
          'A Paystack payment is verified by its transaction reference, and none was recorded',
          false,
        );
      }
      const path = `/transaction/verify/${encodeURIComponent(query.providerCheckoutId)}`;
      return verifiedFromTransaction(expectData(await call('GET', path)));
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const amount = toPaystackSubunits(request.amountMinor, request.currency);
      if (amount === undefined) {
        return { status: 'failed', reason: `Paystack does not take ${request.currency}`, providerRefundId: null };
      }
      const answer = await call('POST', '/refund', {
        // The transaction's id from verification (a reference would do too).
        transaction: request.providerReference,
        amount: safeNumber(amount),
        currency: request.currency,
        merchant_note: `${request.reason ?? 'Refund'} (${request.refundId})`,
      });
      if (answer.statusCode >= 400 && !isRetryableStatus(answer.statusCode)) {
        return {
          status: 'failed',
          reason: refusalMessage('PAYSTACK', answer.statusCode, answer.text),
          providerRefundId: null,
        };
      }
      return refundResult(expectData(answer));
    },

    async verifyRefund(query: { providerRefundId: string }): Promise<VerifiedRefund> {
      const answer = await call('GET', `/refund/${encodeURIComponent(query.providerRefundId)}`);
      return verifiedRefund(refundResult(expectData(answer)));
    },

    referenceOf(notification) {
      return paystackReferenceOf(paystackEventData(parseJsonObject(notification.rawBody)));
    },

    verifyNotification(notification, secrets) {
      const valid = verifyPaystackSignature(
        notification.rawBody,
        notification.headers['x-paystack-signature'],
        secrets.credentials.secretKey ?? '',
      );
      return valid ? parsePaystackEvent(notification.rawBody) : null;
    },
  };
}

/**
 * Paystack requires the payer's e-mail (it sends the receipt there). Without one, an address under example.com
 * (reserved by RFC 2606, never delivered) stands in, named after our reference so support can still tell payments
 * apart. The amount goes as a string of subunits, as Paystack's reference shows it; `metadata.cancel_action` is
 * Paystack's documented "cancel" link on its page.
 */
function initializeBody(request: CheckoutRequest, reference: string): object {
  const amount = toPaystackSubunits(request.amountMinor, request.currency);
  if (amount === undefined) throw new GatewayError(`Paystack does not take ${request.currency}`, false);
  return {
    email: request.customerEmail ?? `${request.reference.toLowerCase()}@example.com`,
    amount: amount.toString(),
    currency: request.currency,
    reference,
    ...(request.successUrl === null ? {} : { callback_url: request.successUrl }),
    metadata: {
      reference: request.reference,
      ...(request.cancelUrl === null ? {} : { cancel_action: request.cancelUrl }),
    },
  };
}

/**
 * Transaction statuses: `success` is captured money; `failed` and `reversed` are final failures (with Paystack's
 * gateway response as the reason); `abandoned` (the page was opened or not, nothing paid yet), `ongoing`, `pending`,
 * `processing` and `queued` may still turn into a payment.
 */
function verifiedFromTransaction(transaction: JsonObject): VerifiedPayment {
  const status = stringField(transaction, 'status');
  const id = stringField(transaction, 'id') ?? null;
  if (status === 'success') {
    const currency = parseCurrencyCode(stringField(transaction, 'currency') ?? '');
    const amount = integerField(transaction, 'amount');
    if (!currency.ok || amount === undefined || id === null) {
      throw unexpected('a successful transaction without amount, currency or id');
    }
    return { status: 'succeeded', amountMinor: amount, currency: currency.value, providerReference: id };
  }
  if (status === 'failed' || status === 'reversed') {
    const reason = stringField(transaction, 'gateway_response') ?? stringField(transaction, 'message') ?? status;
    return { status: 'failed', reason, providerReference: id };
  }
  return { status: 'pending' };
}

/** Refund statuses: `processed` is done, `failed` final; `pending`, `processing` and `needs-attention` are not yet. */
function refundResult(refund: JsonObject): RefundResult {
  const providerRefundId = stringField(refund, 'id') ?? null;
  const status = stringField(refund, 'status');
  if (status === 'processed') return { status: 'succeeded', providerRefundId };
  if (status === 'failed')
    return { status: 'failed', reason: 'Paystack could not process the refund', providerRefundId };
  return { status: 'pending', providerRefundId };
}

/** Paystack answers `{ status: true, message, data }`; a refusal `{ status: false, message }` with a 4xx. */
function expectData(answer: ProviderAnswer): JsonObject {
  if (answer.statusCode >= 200 && answer.statusCode < 300) {
    const data = asObject(asObject(answer.json)?.data);
    if (data === undefined) throw unexpected(`HTTP ${answer.statusCode} without a data object`);
    return data;
  }
  const message = refusalMessage('PAYSTACK', answer.statusCode, answer.text);
  throw new GatewayError(`Paystack: ${message}`, isRetryableStatus(answer.statusCode), answer.statusCode);
}

/** Amounts up to MAX_PRESENTABLE_MINOR_UNITS (< 2^53) are exact JSON numbers. */
function safeNumber(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER))
    throw new GatewayError(`Amount ${amount} is too large for Paystack`, false);
  return Number(amount);
}

function unexpected(what: string): GatewayError {
  // An answer we cannot read may be a proxy's or a transient fault's: worth another try.
  return new GatewayError(`Paystack answered ${what}`, true);
}
