import { parseCurrencyCode } from '../../../domain/money';
import { defaultBaseUrl, refusalMessage, type StripeCredentials } from '../providers';
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
import { fromStripeAmount, STRIPE_CURRENCIES, toStripeAmount } from './stripe-currencies';
import { parseStripeEvent, stripeEventObject, stripeReferenceOf } from './stripe-notification';
import { verifyStripeSignature } from './stripe-signature';

/**
 * The API version every call pins (`Stripe-Version`), so the answers' shapes do not move with the account's default
 * version: the one the stripe package in this repository's lock file was generated for.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * Stripe Checkout Sessions (issue 17): a hosted payment page per payment, verified by retrieving the session, refunded
 * against its PaymentIntent; webhooks signed with `Stripe-Signature` (CONTRACT §11). Requests are form encoded with
 * bracketed keys, as Stripe's API takes them, and every POST carries an `Idempotency-Key`.
 */
export function createStripeGateway(credentials: StripeCredentials, options: GatewayOptions): PaymentGateway {
  const call = async (method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string) =>
    callProvider(options, {
      defaultBaseUrl: defaultBaseUrl({ provider: 'STRIPE', credentials }),
      method,
      path,
      headers: {
        authorization: `Bearer ${credentials.secretKey}`,
        'stripe-version': STRIPE_API_VERSION,
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      ...(form === undefined ? {} : { body: form.toString() }),
    });

  return {
    provider: 'STRIPE',
    currencies: STRIPE_CURRENCIES,
    // The refund id is the refund call's Idempotency-Key (see `refund`).
    refundCallsIdempotent: true,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const answer = await call('POST', '/v1/checkout/sessions', checkoutForm(request), request.idempotencyKey);
      const session = expectSuccess(answer);
      const id = stringField(session, 'id');
      const url = stringField(session, 'url');
      const expiresAt = integerField(session, 'expires_at');
      if (id === undefined || url === undefined) throw unexpected('a Checkout Session without id or url');
      return {
        checkoutUrl: url,
        providerCheckoutId: id,
        expiresAt: expiresAt === undefined ? request.expiresAt : new Date(Number(expiresAt) * 1000),
      };
    },

    async verifyPayment(query: VerificationQuery): Promise<VerifiedPayment> {
      if (query.providerCheckoutId === null) {
        throw new GatewayError(
          'A Stripe payment is verified through its Checkout Session, and none was recorded',
          false,
        );
      }
      // The PaymentIntent comes expanded: only it tells a delayed payment that failed from one still in flight.
      const path = `/v1/checkout/sessions/${encodeURIComponent(query.providerCheckoutId)}?expand[]=payment_intent`;
      const answer = await call('GET', path);
      return verifiedFromSession(expectSuccess(answer));
    },

    async endCheckout(query): Promise<'ended' | 'not_open'> {
      const sessionPath = `/v1/checkout/sessions/${encodeURIComponent(query.providerCheckoutId)}`;
      // No parameters; the key makes a retried call one expiry (every POST of ours carries one).
      const answer = await call('POST', `${sessionPath}/expire`, new URLSearchParams(), `${query.reference}:expire`);
      if (answer.statusCode === 400) {
        // Stripe refuses to expire a session that is not open: already expired (ended all the same) or completed.
        const session = expectSuccess(await call('GET', sessionPath));
        return stringField(session, 'status') === 'expired' ? 'ended' : 'not_open';
      }
      expectSuccess(answer);
      return 'ended';
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const amount = toStripeAmount(request.amountMinor, request.currency);
      if (!amount.ok) return { status: 'failed', reason: amount.reason, providerRefundId: null };
      const form = formOf([
        ['payment_intent', request.providerReference],
        ['amount', amount.amount.toString()],
        ['metadata[refund_id]', request.refundId],
        ['metadata[reference]', request.paymentReference],
        // Stripe's own `reason` takes only duplicate/fraudulent/requested_by_customer; ours is free text.
        ['metadata[reason]', request.reason],
      ]);
      // The refund id is the idempotency key: a retried activity gets the first answer back, never a second refund.
      const answer = await call('POST', '/v1/refunds', form, request.refundId);
      if (answer.statusCode >= 400 && !isRetryableForStripe(answer.statusCode)) {
        const reason = refusalMessage('STRIPE', answer.statusCode, answer.text);
        return { status: 'failed', reason, providerRefundId: null };
      }
      return refundResult(expectSuccess(answer));
    },

    async verifyRefund(query: { providerRefundId: string }): Promise<VerifiedRefund> {
      const answer = await call('GET', `/v1/refunds/${encodeURIComponent(query.providerRefundId)}`);
      return verifiedRefund(refundResult(expectSuccess(answer)));
    },

    referenceOf(notification) {
      return stripeReferenceOf(stripeEventObject(parseJsonObject(notification.rawBody)));
    },

    verifyNotification(notification, secrets) {
      const valid = verifyStripeSignature({
        rawBody: notification.rawBody,
        header: notification.headers['stripe-signature'],
        secret: secrets.credentials.webhookSecret ?? '',
        now: options.clock.now(),
      });
      return valid ? parseStripeEvent(notification.rawBody) : null;
    },
  };
}

/**
 * The Checkout Session's parameters. Stripe requires `success_url` for a hosted page; without the caller's, the payer
 * returns to the origin of our API's public URL (the callback URL's origin), the one address we know is ours.
 * `expires_at` is the payment's expiry in Unix seconds (Stripe takes 30 minutes to 24 hours from now).
 */
function checkoutForm(request: CheckoutRequest): URLSearchParams {
  const amount = toStripeAmount(request.amountMinor, request.currency);
  if (!amount.ok) throw new GatewayError(amount.reason, false);
  const successUrl = request.successUrl ?? `${new URL(request.callbackUrl).origin}/`;
  return formOf([
    ['mode', 'payment'],
    ['line_items[0][price_data][currency]', request.currency.toLowerCase()],
    ['line_items[0][price_data][unit_amount]', amount.amount.toString()],
    ['line_items[0][price_data][product_data][name]', request.description],
    ['line_items[0][quantity]', '1'],
    ['client_reference_id', request.reference],
    ['metadata[reference]', request.reference],
    ['payment_intent_data[metadata][reference]', request.reference],
    ['success_url', successUrl],
    ['cancel_url', request.cancelUrl],
    ['customer_email', request.customerEmail],
    ['expires_at', String(Math.floor(request.expiresAt.getTime() / 1000))],
  ]);
}

/** Form fields in order; a null value leaves its field out (Stripe reads an empty one as "unset"). */
function formOf(fields: readonly (readonly [string, string | null])[]): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of fields) if (value !== null) form.append(key, value);
  return form;
}

/**
 * `paid` is captured money; an `expired` session can no longer be paid. A delayed method (bank debit) that failed
 * after the session completed leaves the session `complete` and `unpaid` for good, its PaymentIntent back at
 * `requires_payment_method` with `last_payment_error` (or `canceled`): that is a failure. Anything else may still pay.
 */
function verifiedFromSession(session: JsonObject): VerifiedPayment {
  const intent = asObject(session.payment_intent);
  const paymentIntentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : (stringField(intent, 'id') ?? null);
  if (stringField(session, 'payment_status') === 'paid') {
    const currency = parseCurrencyCode(stringField(session, 'currency') ?? '');
    const amount = integerField(session, 'amount_total');
    if (!currency.ok || amount === undefined || paymentIntentId === null) {
      throw unexpected('a paid Checkout Session without amount_total, currency or payment_intent');
    }
    const amountMinor = fromStripeAmount(amount, currency.value);
    if (amountMinor === undefined) throw unexpected(`amount_total ${amount} is not a whole ${currency.value} amount`);
    return { status: 'succeeded', amountMinor, currency: currency.value, providerReference: paymentIntentId };
  }
  const status = stringField(session, 'status');
  if (status === 'expired') return { status: 'failed', reason: 'expired', providerReference: paymentIntentId };
  const failure = status === 'complete' ? paymentIntentFailure(intent) : undefined;
  if (failure !== undefined) return { status: 'failed', reason: failure, providerReference: paymentIntentId };
  return { status: 'pending' };
}

function paymentIntentFailure(intent: JsonObject | undefined): string | undefined {
  const status = stringField(intent, 'status');
  if (status === 'canceled') return stringField(intent, 'cancellation_reason') ?? 'canceled';
  const error = asObject(intent?.last_payment_error);
  if (status !== 'requires_payment_method' || error === undefined) return undefined;
  return stringField(error, 'message') ?? stringField(error, 'code') ?? 'payment_failed';
}

/** Refund statuses: succeeded; pending and requires_action (the payer must act) are not final; failed, canceled. */
function refundResult(refund: JsonObject): RefundResult {
  const providerRefundId = stringField(refund, 'id') ?? null;
  const status = stringField(refund, 'status');
  if (status === 'succeeded') return { status: 'succeeded', providerRefundId };
  if (status === 'failed' || status === 'canceled') {
    return { status: 'failed', reason: stringField(refund, 'failure_reason') ?? status, providerRefundId };
  }
  return { status: 'pending', providerRefundId };
}

function expectSuccess(answer: ProviderAnswer): JsonObject {
  if (answer.statusCode >= 200 && answer.statusCode < 300) {
    const body = asObject(answer.json);
    if (body === undefined) throw unexpected(`HTTP ${answer.statusCode} without a JSON object`);
    return body;
  }
  const message = refusalMessage('STRIPE', answer.statusCode, answer.text);
  throw new GatewayError(`Stripe: ${message}`, isRetryableForStripe(answer.statusCode), answer.statusCode);
}

/**
 * Besides 5xx and 429, Stripe answers 409 while another request with the same idempotency key is still running
 * (`idempotency_key_in_use`): a retry then gets that request's answer, so it is worth one.
 */
function isRetryableForStripe(statusCode: number): boolean {
  return isRetryableStatus(statusCode) || statusCode === 409;
}

function unexpected(what: string): GatewayError {
  // An answer we cannot read may be a proxy's or a transient fault's: worth another try.
  return new GatewayError(`Stripe answered ${what}`, true);
}
