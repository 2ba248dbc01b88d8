import { formatMajorUnits, parseCurrencyCode, parseMajorUnits, type CurrencyCode } from '../../../domain/money';
import { defaultBaseUrl, refusalMessage, type FlutterwaveCredentials } from '../providers';
import { FLUTTERWAVE_CURRENCIES } from './flutterwave-currencies';
import { flutterwaveReferenceOf, parseFlutterwaveNotification } from './flutterwave-notification';
import {
  GatewayError,
  type CheckoutRequest,
  type CheckoutResult,
  type GatewayOptions,
  type PaymentGateway,
  type RefundResult,
  type VerificationQuery,
  type VerifiedPayment,
} from './gateway';
import { callProvider, isRetryableStatus, type ProviderAnswer } from './provider-http';
import { asObject, stringField, type JsonObject } from './provider-json';

/** A request body we build (JSON). */
type Body = Record<string, unknown>;

// Flutterwave Standard keeps a checkout session open for at most 24 hours (`session_duration`, in minutes).
const MAX_SESSION_MINUTES = 1440n;
const MS_PER_MINUTE = 60_000n;
// verify_by_reference answers 400 with this message until the payer has attempted a payment.
const NO_TRANSACTION_YET = /no transaction was found/i;

/**
 * Flutterwave v3 (issue 17): Flutterwave Standard's hosted payment link (`POST /v3/payments`, our reference as
 * `tx_ref`), verification by reference, refunds by transaction id, and `verif-hash` webhooks. JSON bodies, the secret
 * key as a bearer token. Amounts are major-unit decimal strings written from minor units ('49.99', '1500' for UGX).
 */
export function createFlutterwaveGateway(credentials: FlutterwaveCredentials, options: GatewayOptions): PaymentGateway {
  const call = (method: 'GET' | 'POST', path: string, body?: Body) =>
    callProvider(options, {
      defaultBaseUrl: defaultBaseUrl({ provider: 'FLUTTERWAVE', credentials }),
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
    provider: 'FLUTTERWAVE',
    currencies: FLUTTERWAVE_CURRENCIES,
    async createCheckout(request) {
      const answer = await call('POST', '/v3/payments', checkoutBody(request, options));
      const link = stringField(asObject(asObject(answer.json)?.data), 'link') ?? null;
      if (!isSuccess(answer) || link === null) throw refusal('create the payment link', answer);
      // The hosted link has no id of its own: verification and notifications go by our tx_ref.
      return { checkoutUrl: link, providerCheckoutId: null, expiresAt: request.expiresAt } satisfies CheckoutResult;
    },
    async verifyPayment(query) {
      const answer = await call(
        'GET',
        `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(query.reference)}`,
      );
      return readVerification(query, answer);
    },
    async refund(request) {
      const path = `/v3/transactions/${encodeURIComponent(request.providerReference)}/refund`;
      // `comments` is the refund's note in Flutterwave's dashboard: our reason when there is one.
      const answer = await call('POST', path, {
        amount: majorUnits(request.amountMinor, request.currency),
        ...(request.reason === null ? {} : { comments: request.reason }),
      });
      return readRefund(answer);
    },
    referenceOf: flutterwaveReferenceOf,
    verifyNotification: parseFlutterwaveNotification,
  };
}

function checkoutBody(request: CheckoutRequest, options: GatewayOptions): Body {
  // Flutterwave requires the customer's e-mail (its receipt goes there); inventing one would send receipts nowhere.
  if (request.customerEmail === null) {
    throw new GatewayError('Flutterwave needs the customer’s e-mail address to create a payment link', false);
  }
  const remainingMs = BigInt(request.expiresAt.getTime() - options.clock.now().getTime());
  const minutes = (remainingMs + MS_PER_MINUTE - 1n) / MS_PER_MINUTE;
  const sessionMinutes = minutes < 1n ? 1n : minutes > MAX_SESSION_MINUTES ? MAX_SESSION_MINUTES : minutes;
  return {
    tx_ref: request.reference,
    amount: majorUnits(request.amountMinor, request.currency),
    currency: request.currency,
    // Flutterwave sends the payer back to redirect_url; without a success URL, to the API origin's root (the same
    // fallback as Stripe's success_url): the payment's outcome comes from the webhook and verification anyway.
    redirect_url: request.successUrl ?? new URL('/', request.callbackUrl).toString(),
    customer: {
      email: request.customerEmail,
      ...(request.phoneNumber === null ? {} : { phonenumber: request.phoneNumber }),
    },
    customizations: { title: request.description },
    meta: { reference: request.reference },
    session_duration: Number(sessionMinutes),
  };
}

function readVerification(query: VerificationQuery, answer: ProviderAnswer): VerifiedPayment {
  const body = asObject(answer.json);
  if (!isSuccess(answer)) {
    const noAttemptYet = answer.statusCode < 500 && NO_TRANSACTION_YET.test(stringField(body, 'message') ?? '');
    if (noAttemptYet) return { status: 'pending' };
    throw refusal('verify the payment', answer);
  }
  const data = asObject(body?.data) ?? {};
  if (stringField(data, 'tx_ref') !== query.reference) {
    throw new GatewayError('Flutterwave answered for another tx_ref', false);
  }
  const providerReference = stringField(data, 'id') ?? null;
  const status = stringField(data, 'status') ?? null;
  if (status === 'successful' && providerReference !== null) {
    const captured = readAmount(data);
    return { status: 'succeeded', ...captured, providerReference };
  }
  if (status === 'failed') {
    return { status: 'failed', reason: stringField(data, 'processor_response') ?? 'failed', providerReference };
  }
  return { status: 'pending' };
}

/** `data.amount` is a JSON number in major units; read through its shortest decimal form, never multiplied. */
function readAmount(data: JsonObject): { amountMinor: bigint; currency: CurrencyCode } {
  const currency = parseCurrencyCode(stringField(data, 'currency') ?? '');
  if (!currency.ok || typeof data.amount !== 'number') {
    throw new GatewayError('Flutterwave answered without a readable amount and currency', false);
  }
  const money = parseMajorUnits(data.amount, currency.value);
  if (!money.ok) throw new GatewayError(`Flutterwave amount unreadable: ${money.error.message}`, false);
  return { amountMinor: money.value.amount, currency: currency.value };
}

/** The refund call answers with the refund itself: `completed` is done, anything else is still under way. */
function readRefund(answer: ProviderAnswer): RefundResult {
  if (isRetryableStatus(answer.statusCode)) throw refusal('refund', answer);
  if (!isSuccess(answer)) {
    return {
      status: 'failed',
      reason: refusalMessage('FLUTTERWAVE', answer.statusCode, answer.text),
      providerRefundId: null,
    };
  }
  const data = asObject(asObject(answer.json)?.data) ?? {};
  const providerRefundId = stringField(data, 'id') ?? null;
  const status = stringField(data, 'status') ?? null;
  if (status === 'completed') return { status: 'succeeded', providerRefundId };
  if (status === 'failed') return { status: 'failed', reason: 'Flutterwave refused the refund', providerRefundId };
  return { status: 'pending', providerRefundId };
}

function majorUnits(amountMinor: bigint, currency: CurrencyCode): string {
  return formatMajorUnits({ amount: amountMinor, currency });
}

const isSuccess = (answer: ProviderAnswer): boolean =>
  answer.statusCode >= 200 && answer.statusCode < 300 && asObject(answer.json)?.status === 'success';

function refusal(action: string, answer: ProviderAnswer): GatewayError {
  const message = refusalMessage('FLUTTERWAVE', answer.statusCode, answer.text);
  return new GatewayError(
    `Flutterwave could not ${action}: ${message}`,
    isRetryableStatus(answer.statusCode),
    answer.statusCode,
  );
}
