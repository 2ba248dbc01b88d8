import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../../domain/clock';
import type { StripeCredentials } from '../../services/payments/providers';
import { startFakeHttpServer, type FakeAnswer, type FakeHttpServer, type FakeRequest } from './fake-http-server';
import type { FakeProvider, ProviderNotification } from './fake-provider';

/** A Checkout Session as the fake holds it (Stripe's field names). */
export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
}

export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failure_reason?: string;
  created: number;
}

export interface StripeFake extends FakeProvider {
  sessions(): FakeStripeSession[];
  /** The payer completes the session with a delayed method (bank debit): complete, unpaid, PaymentIntent processing. */
  startDelayedPayment(reference: string): void;
  /** The session passes its `expires_at` unpaid (Stripe then sends checkout.session.expired). */
  expireCheckout(reference: string): void;
  /** The status new refunds get (Stripe answers card refunds `succeeded` or `pending`). */
  setRefundStatus(status: FakeStripeRefund['status']): void;
  /**
   * The refunds made, each once however often its creation was replayed by idempotency key, with their status now
   * (`succeeded` is money back with the payer); copies.
   */
  refunds(): FakeStripeRefund[];
  /** The payer pays, and Stripe takes `captured` (smallest unit, lower-case currency) whatever the session asked. */
  capturePayment(reference: string, captured: { amount: number; currency: string }): void;
  holdNextCall: FakeHttpServer['holdNextCall'];
  /** Any event body signed as Stripe signs it, at `timestamp` (Unix seconds; default: the fake's clock). */
  signedEvent(event: object, webhookBaseUrl: string, timestamp?: number): ProviderNotification;
}

const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/**
 * A stateful Stripe (issue 17): Checkout Sessions, their retrieval, refunds against PaymentIntents and their retrieval, `GET /v1/balance`,
 * answered with Stripe's shapes and error bodies. It checks what Stripe checks (Bearer secret key, form encoding,
 * required parameters, replay of an `Idempotency-Key` with the same parameters, refusal with others) and one thing
 * Stripe does not: every POST must carry an `Idempotency-Key`, because the platform promises to send one.
 * Notifications are signed with the webhook secret exactly as Stripe signs them (`t=…,v1=…`).
 */
export async function startStripeFake(
  credentials: StripeCredentials,
  options: { clock?: Clock } = {},
): Promise<StripeFake> {
  // The fake plays Stripe, whose clock is the wall clock unless a test gives it its own.
  const now = () => Math.floor((options.clock?.now() ?? new Date()).getTime() / 1000);
  const sessions = new Map<string, FakeStripeSession>();
  const refunds = new Map<string, FakeStripeRefund>();
  const asyncFailures = new Set<string>();
  const delayed = new Set<string>();
  /** Each session's PaymentIntent as `expand[]=payment_intent` shows it. */
  const intents = new Map<string, { status: string; last_payment_error: { code: string; message: string } | null }>();
  const idempotency = new Map<string, { body: string; path: string; answer: FakeAnswer }>();
  let refundStatus: FakeStripeRefund['status'] = 'succeeded';
  const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

  const sessionOf = (reference: string) => {
    const session = [...sessions.values()].find((candidate) => candidate.client_reference_id === reference);
    if (session === undefined) throw new Error(`stripe fake: no Checkout Session for ${reference}`);
    return session;
  };
  /** The session a payer acts on: Stripe's page of an expired session takes no payment. */
  const payableSessionOf = (reference: string) => {
    const session = sessionOf(reference);
    if (session.status === 'expired') throw new Error(`stripe fake: the session of ${reference} expired: no payment`);
    return session;
  };

  const createSession = (form: URLSearchParams): FakeAnswer => {
    for (const param of [
      'mode',
      'line_items[0][price_data][currency]',
      'line_items[0][price_data][unit_amount]',
      'line_items[0][price_data][product_data][name]',
      'line_items[0][quantity]',
      'success_url',
    ]) {
      if (!form.has(param)) return stripeError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
    }
    if (form.get('mode') !== 'payment') return stripeError(400, 'Invalid mode', 'mode', 'parameter_invalid');
    const currency = form.get('line_items[0][price_data][currency]')!;
    if (!/^[a-z]{3}$/.test(currency)) return stripeError(400, `Invalid currency: ${currency}`, 'currency');
    const unitAmount = form.get('line_items[0][price_data][unit_amount]')!;
    const quantity = form.get('line_items[0][quantity]')!;
    if (!/^\d+$/.test(unitAmount) || !/^\d+$/.test(quantity)) {
      return stripeError(400, `Invalid integer: ${unitAmount}`, 'line_items[0][price_data][unit_amount]');
    }
    if (THREE_DECIMAL.has(currency) && !unitAmount.endsWith('0')) {
      return stripeError(400, `${currency.toUpperCase()} amounts must end in 0`, 'unit_amount', 'amount_invalid');
    }
    const expiresAt = form.get('expires_at');
    if (expiresAt !== null && !/^\d+$/.test(expiresAt)) {
      return stripeError(400, `Invalid integer: ${expiresAt}`, 'expires_at', 'parameter_invalid_integer');
    }
    const id = newId('cs');
    const amount = Number(unitAmount) * Number(quantity);
    const session: FakeStripeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id: form.get('client_reference_id'),
      customer_email: form.get('customer_email'),
      metadata: bracketMap(form, 'metadata'),
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.get('success_url')!,
      cancel_url: form.get('cancel_url'),
      expires_at: expiresAt === null ? now() + 86_400 : Number(expiresAt),
      created: now(),
      livemode: false,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  };

  const createRefund = (form: URLSearchParams): FakeAnswer => {
    const paymentIntent = form.get('payment_intent');
    if (paymentIntent === null) return stripeError(400, 'Missing required param: payment_intent.', 'payment_intent');
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
    if (session === undefined) {
      return stripeError(404, `No such payment_intent: '${paymentIntent}'`, 'payment_intent', 'resource_missing');
    }
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amountText = form.get('amount') ?? String(session.amount_total - refunded);
    if (!/^\d+$/.test(amountText)) return stripeError(400, `Invalid integer: ${amountText}`, 'amount');
    const amount = Number(amountText);
    if (amount > session.amount_total - refunded) {
      const message = `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`;
      return stripeError(400, message, 'amount', 'amount_too_large');
    }
    const refund: FakeStripeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: paymentIntent,
      metadata: bracketMap(form, 'metadata'),
      status: refundStatus,
      created: now(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  };

  /** Only an open session can be expired; its page then says so and it can no longer be paid. */
  const expireSession = (id: string): FakeAnswer => {
    const session = sessions.get(id);
    if (session === undefined)
      return stripeError(404, `No such checkout.session: '${id}'`, 'session', 'resource_missing');
    if (session.status !== 'open') {
      return stripeError(400, `This Checkout Session is ${session.status} and can no longer be expired.`);
    }
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: session };
  };

  const route = (request: FakeRequest): FakeAnswer => {
    if (request.headers.authorization !== `Bearer ${credentials.secretKey}`) {
      return {
        status: 401,
        body: { error: { message: 'Invalid API Key provided: sk_test_****', type: 'invalid_request_error' } },
      };
    }
    if (request.method === 'GET' && request.pathname === '/v1/balance') {
      return { status: 200, body: { object: 'balance', available: [{ amount: 0, currency: 'usd' }], livemode: false } };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.pathname);
    if (request.method === 'GET' && sessionPath !== null) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      if (session === undefined) {
        return stripeError(404, `No such checkout.session: '${sessionPath[1]!}'`, 'session', 'resource_missing');
      }
      return {
        status: 200,
        body: request.query.getAll('expand[]').includes('payment_intent') ? expanded(session) : session,
      };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(request.pathname);
    if (request.method === 'GET' && refundPath !== null) {
      const refund = refunds.get(decodeURIComponent(refundPath[1]!));
      if (refund === undefined)
        return stripeError(404, `No such refund: '${refundPath[1]!}'`, 'id', 'resource_missing');
      return { status: 200, body: refund };
    }
    if (request.method !== 'POST')
      return stripeError(404, `Unrecognized request URL (${request.method}: ${request.pathname})`);
    return idempotent(request, (form) => {
      if (request.pathname === '/v1/checkout/sessions') return createSession(form);
      if (request.pathname === '/v1/refunds') return createRefund(form);
      const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.pathname);
      if (expirePath !== null) return expireSession(decodeURIComponent(expirePath[1]!));
      return stripeError(404, `Unrecognized request URL (POST: ${request.pathname})`);
    });
  };

  /** Stripe's idempotency: the same key and parameters replay the first answer; other parameters are refused. */
  const idempotent = (request: FakeRequest, handle: (form: URLSearchParams) => FakeAnswer): FakeAnswer => {
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      return stripeError(400, `Invalid request: unsupported Content-Type ${contentType}.`);
    }
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') {
      return stripeError(400, 'stripe fake: every POST from the platform carries an Idempotency-Key');
    }
    const previous = idempotency.get(key);
    if (previous !== undefined) {
      if (previous.body !== request.body || previous.path !== request.pathname) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      }
      return { ...previous.answer, headers: { 'idempotent-replayed': 'true' } };
    }
    const answer = handle(new URLSearchParams(request.body));
    // Stripe saves a result once the endpoint ran, not for parameters refused by validation; the fake keeps successes,
    // as they were when answered (a later payment must not show in a replay of the creation).
    if (answer.status < 300) {
      const snapshot = { ...answer, body: JSON.parse(JSON.stringify(answer.body)) as unknown };
      idempotency.set(key, { body: request.body, path: request.pathname, answer: snapshot });
    }
    return answer;
  };

  const expanded = (session: FakeStripeSession) => {
    if (session.payment_intent === null) return session;
    const intent = intents.get(session.id);
    return {
      ...session,
      payment_intent: {
        id: session.payment_intent,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: intent?.status === 'succeeded' ? session.amount_total : 0,
        currency: session.currency,
        status: intent?.status ?? 'processing',
        last_payment_error: intent?.last_payment_error ?? null,
        metadata: { reference: session.client_reference_id },
      },
    };
  };

  const server = await startFakeHttpServer(route);

  const signedEvent = (event: object, webhookBaseUrl: string, timestamp = now()): ProviderNotification => {
    const body = JSON.stringify(event);
    return {
      url: `${webhookBaseUrl}/api/webhooks/stripe`,
      headers: { 'stripe-signature': stripeSignatureHeader(credentials.webhookSecret, body, timestamp) },
      body,
    };
  };
  const event = (type: string, object: object) => ({
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  return {
    url: server.url,
    requests: server.requests,
    failNextCall: server.failNextCall,
    holdNextCall: server.holdNextCall,
    close: server.close,
    sessions: () => [...sessions.values()],
    refunds: () => [...refunds.values()].map((refund) => ({ ...refund })),
    setRefundStatus(status) {
      refundStatus = status;
    },
    signedEvent,
    completePayment(reference) {
      const session = payableSessionOf(reference);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: session.payment_intent ?? newId('pi'),
      });
      intents.set(session.id, { status: 'succeeded', last_payment_error: null });
      asyncFailures.delete(session.id);
    },
    failPayment(reference, reason = 'The bank account has insufficient funds.') {
      // Checkout lets a payer retry a declined card; what fails a session for good is a delayed method (bank debit)
      // that fails after the session completed: checkout.session.async_payment_failed, and the PaymentIntent back at
      // requires_payment_method with the error.
      const session = payableSessionOf(reference);
      Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: newId('pi') });
      intents.set(session.id, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_method_provider_decline', message: reason },
      });
      asyncFailures.add(session.id);
      delayed.add(session.id);
    },
    startDelayedPayment(reference) {
      const session = payableSessionOf(reference);
      Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: newId('pi') });
      intents.set(session.id, { status: 'processing', last_payment_error: null });
      delayed.add(session.id);
    },
    expireCheckout(reference) {
      Object.assign(sessionOf(reference), { status: 'expired', url: null });
    },
    paymentNotification(reference, webhookBaseUrl) {
      const session = sessionOf(reference);
      if (session.status === 'expired') return signedEvent(event('checkout.session.expired', session), webhookBaseUrl);
      if (session.status === 'open') throw new Error(`stripe fake: the session of ${reference} is still open`);
      if (asyncFailures.has(session.id)) {
        return signedEvent(event('checkout.session.async_payment_failed', session), webhookBaseUrl);
      }
      // A delayed method's success comes after `completed` (which reported it unpaid) as its own event.
      const type =
        delayed.has(session.id) && session.payment_status === 'paid'
          ? 'checkout.session.async_payment_succeeded'
          : 'checkout.session.completed';
      return signedEvent(event(type, session), webhookBaseUrl);
    },
    capturePayment(reference, captured) {
      const session = payableSessionOf(reference);
      Object.assign(session, {
        amount_subtotal: captured.amount,
        amount_total: captured.amount,
        currency: captured.currency,
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: newId('pi') });
      intents.set(session.id, { status: 'succeeded', last_payment_error: null });
    },
    refundNotification(refundId, webhookBaseUrl, outcome = 'succeeded') {
      const refund = [...refunds.values()].find((candidate) => candidate.metadata.refund_id === refundId);
      if (refund === undefined) throw new Error(`stripe fake: no refund with metadata.refund_id ${refundId}`);
      // Stripe's `failed` is final (a succeeded refund may still fail, a failed one never succeeds): a later notice
      // of that refund tells it failed again.
      if (refund.status !== 'failed') refund.status = outcome;
      if (refund.status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
      return signedEvent(event('refund.updated', refund), webhookBaseUrl);
    },
  };
}

/** `Stripe-Signature` as Stripe computes it: HMAC-SHA256 of `<t>.<body>` keyed with the endpoint secret. */
export function stripeSignatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function stripeError(status: number, message: string, param?: string, code?: string): FakeAnswer {
  return {
    status,
    body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } },
  };
}

/** `metadata[key]=value` fields as `{ key: value }`. */
function bracketMap(form: URLSearchParams, name: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match) map[match[1]!] = value;
  }
  return map;
}
