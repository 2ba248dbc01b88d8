import Stripe from 'stripe';
import { fixedClock } from '../../../domain/clock';
import { toCurrencyCode } from '../../../domain/money';
import { startStripeFake, stripeSignatureHeader, type StripeFake } from '../../../test/fakes/stripe-fake';
import type { ProviderNotification } from '../../../test/fakes/fake-provider';
import { GatewayError, type CheckoutRequest, type InboundNotification, type PaymentGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';

const credentials = {
  secretKey: 'sk_test_51Fake0000000000000000000000',
  webhookSecret: 'whsec_fake0000000000000000000000',
};
const NOW = new Date('2026-11-26T12:00:00Z');
const NOW_SECONDS = NOW.getTime() / 1000;
const clock = fixedClock(NOW);
const REFERENCE = 'pay_01JF0000000000000000000000';
const API_ORIGIN = 'https://api.billing.example';
const stripeLibrary = new Stripe('sk_test_unused');

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: REFERENCE,
    amountMinor: 4999n,
    currency: toCurrencyCode('USD'),
    description: 'Invoice INV-0001',
    customerEmail: 'billing@globex.example',
    phoneNumber: null,
    successUrl: 'https://tenant.example/paid',
    cancelUrl: 'https://tenant.example/cancelled',
    callbackUrl: `${API_ORIGIN}/api/webhooks/stripe`,
    expiresAt: new Date(NOW.getTime() + 24 * 3600_000),
    idempotencyKey: `payment:ten_01JF0000000000000000000000:${REFERENCE}:checkout`,
    ...overrides,
  };
}

function inbound(notification: ProviderNotification, headers = notification.headers): InboundNotification {
  return { rawBody: Buffer.from(notification.body), headers, query: {}, receivedAt: NOW };
}

const secrets = { credentials, callbackTokenHash: null };

describe('Stripe gateway against the Stripe fake', () => {
  let fake: StripeFake;
  let gateway: PaymentGateway;
  beforeEach(async () => {
    fake = await startStripeFake(credentials, { clock });
    gateway = createStripeGateway(credentials, { apiBaseUrl: fake.url, allowPrivateTargets: true, clock });
  });
  afterEach(() => fake.close());

  const lastForm = () => new URLSearchParams(fake.requests.at(-1)!.body);

  describe('createCheckout', () => {
    it('creates a Checkout Session form encoded with bracketed keys, the Bearer secret key and the Idempotency-Key', async () => {
      const request = checkoutRequest();
      const result = await gateway.createCheckout(request);

      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
      expect(sent.headers).toMatchObject({
        authorization: `Bearer ${credentials.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': request.idempotencyKey,
      });
      expect(Object.fromEntries(lastForm())).toEqual({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '4999',
        'line_items[0][price_data][product_data][name]': 'Invoice INV-0001',
        'line_items[0][quantity]': '1',
        client_reference_id: REFERENCE,
        'metadata[reference]': REFERENCE,
        'payment_intent_data[metadata][reference]': REFERENCE,
        success_url: 'https://tenant.example/paid',
        cancel_url: 'https://tenant.example/cancelled',
        customer_email: 'billing@globex.example',
        expires_at: String(NOW_SECONDS + 86_400),
      });
      const session = fake.sessions()[0]!;
      expect(result).toEqual({
        checkoutUrl: `https://checkout.stripe.com/c/pay/${session.id}`,
        providerCheckoutId: session.id,
        expiresAt: request.expiresAt,
      });
    });

    it.each([
      ['USD', 4999n, '4999'],
      ['JPY', 1500n, '1500'],
      ['KWD', 1230n, '1230'],
      // ISK has no decimals in ISO 4217, but Stripe still takes it with two: 5 ISK is 500.
      ['ISK', 5n, '500'],
      // MGA has two decimals in ISO 4217 and none at Stripe: 1,500.00 ariary is 1500.
      ['MGA', 150_000n, '1500'],
    ])('sends %s %s minor units as unit_amount %s', async (currency, amountMinor, unitAmount) => {
      await gateway.createCheckout(checkoutRequest({ currency: toCurrencyCode(currency), amountMinor }));

      expect(lastForm().get('line_items[0][price_data][unit_amount]')).toBe(unitAmount);
      expect(lastForm().get('line_items[0][price_data][currency]')).toBe(currency.toLowerCase());
    });

    it.each([
      ['KWD', 1234n],
      ['MGA', 150_050n],
    ])(
      'refuses %s %s minor units, which Stripe cannot take exactly, without calling Stripe',
      async (currency, amountMinor) => {
        const attempt = gateway.createCheckout(checkoutRequest({ currency: toCurrencyCode(currency), amountMinor }));

        await expect(attempt).rejects.toMatchObject({ name: 'GatewayError', retryable: false });
        expect(fake.requests).toEqual([]);
      },
    );

    it('returns the payer to our API origin when the caller gives no success URL, and leaves out what is unknown', async () => {
      await gateway.createCheckout(checkoutRequest({ successUrl: null, cancelUrl: null, customerEmail: null }));

      expect(lastForm().get('success_url')).toBe(`${API_ORIGIN}/`);
      expect(lastForm().has('cancel_url')).toBe(false);
      expect(lastForm().has('customer_email')).toBe(false);
    });

    it('gets the same session back when a retry repeats the idempotency key', async () => {
      const first = await gateway.createCheckout(checkoutRequest());
      const second = await gateway.createCheckout(checkoutRequest());

      expect(second.providerCheckoutId).toBe(first.providerCheckoutId);
      expect(fake.sessions()).toHaveLength(1);
    });

    it("throws Stripe's refusal as a final GatewayError and a 5xx as a retryable one", async () => {
      const refused = { error: { type: 'invalid_request_error', message: 'Not a valid URL', param: 'success_url' } };
      fake.failNextCall('/v1/checkout/sessions', 400, refused);
      await expect(gateway.createCheckout(checkoutRequest())).rejects.toMatchObject({
        retryable: false,
        statusCode: 400,
        message: 'Stripe: Not a valid URL',
      });

      fake.failNextCall('/v1/checkout/sessions', 503, { error: { type: 'api_error', message: 'Try again' } });
      const unavailable = await gateway.createCheckout(checkoutRequest()).catch((error: unknown) => error);
      expect(unavailable).toBeInstanceOf(GatewayError);
      expect(unavailable).toMatchObject({ retryable: true, statusCode: 503 });
    });
  });

  describe('verifyPayment', () => {
    const query = (providerCheckoutId: string) => ({
      reference: REFERENCE,
      providerCheckoutId,
      amountMinor: 4999n,
      currency: toCurrencyCode('USD'),
    });

    it('is pending while the session is open, then succeeded with the amount and PaymentIntent once paid', async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      expect(await gateway.verifyPayment(query(providerCheckoutId!))).toEqual({ status: 'pending' });

      fake.completePayment(REFERENCE);
      const verified = await gateway.verifyPayment(query(providerCheckoutId!));

      expect(fake.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: `/v1/checkout/sessions/${providerCheckoutId!}?expand[]=payment_intent`,
      });
      expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${credentials.secretKey}`);
      expect(verified).toEqual({
        status: 'succeeded',
        amountMinor: 4999n,
        currency: 'USD',
        providerReference: fake.sessions()[0]!.payment_intent,
      });
    });

    it("reads a zero-decimal currency's amount back in our minor units", async () => {
      const request = checkoutRequest({ currency: toCurrencyCode('ISK'), amountMinor: 7n });
      const { providerCheckoutId } = await gateway.createCheckout(request);
      fake.completePayment(REFERENCE);

      const verified = await gateway.verifyPayment({ ...query(providerCheckoutId!), currency: request.currency });

      expect(verified).toMatchObject({ status: 'succeeded', amountMinor: 7n, currency: 'ISK' });
    });

    it('is failed with reason expired once the session expired unpaid', async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      fake.expireCheckout(REFERENCE);

      expect(await gateway.verifyPayment(query(providerCheckoutId!))).toEqual({
        status: 'failed',
        reason: 'expired',
        providerReference: null,
      });
    });

    it('is pending while a delayed payment is in flight, and failed with its error once it failed', async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      fake.startDelayedPayment(REFERENCE);
      expect(await gateway.verifyPayment(query(providerCheckoutId!))).toEqual({ status: 'pending' });

      fake.failPayment(REFERENCE, 'The bank account could not be debited.');

      expect(await gateway.verifyPayment(query(providerCheckoutId!))).toEqual({
        status: 'failed',
        reason: 'The bank account could not be debited.',
        providerReference: fake.sessions()[0]!.payment_intent,
      });
    });

    it('throws a final GatewayError for an unknown session', async () => {
      await expect(gateway.verifyPayment(query('cs_test_unknown'))).rejects.toMatchObject({
        retryable: false,
        statusCode: 404,
        message: "Stripe: No such checkout.session: 'cs_test_unknown'",
      });
    });
  });

  describe('endCheckout', () => {
    it('expires an open session (POST …/expire with an Idempotency-Key): its page takes no payment', async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      const end = { reference: REFERENCE, providerCheckoutId: providerCheckoutId! };
      expect(await gateway.endCheckout!(end)).toBe('ended');
      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${providerCheckoutId!}/expire` });
      expect(sent.headers['idempotency-key']).toBe(`${REFERENCE}:expire`);
      expect(fake.sessions()[0]).toMatchObject({ status: 'expired', url: null });
      // A retried activity's call replays the first answer under its Idempotency-Key.
      expect(await gateway.endCheckout!(end)).toBe('ended');
    });

    it('is not_open for a session the payer completed first', async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      fake.startDelayedPayment(REFERENCE);
      expect(await gateway.endCheckout!({ reference: REFERENCE, providerCheckoutId: providerCheckoutId! })).toBe(
        'not_open',
      );
      expect(fake.sessions()[0]).toMatchObject({ status: 'complete' });
    });
  });

  describe('refund', () => {
    const paidPaymentIntent = async () => {
      await gateway.createCheckout(checkoutRequest());
      fake.completePayment(REFERENCE);
      return fake.sessions()[0]!.payment_intent!;
    };
    const refundRequest = (providerReference: string, amountMinor = 1000n) => ({
      refundId: 're_01JF0000000000000000000000',
      paymentReference: REFERENCE,
      providerReference,
      amountMinor,
      currency: toCurrencyCode('USD'),
      reason: 'Customer asked',
      callbackUrl: `${API_ORIGIN}/api/webhooks/stripe`,
    });

    it('refunds the PaymentIntent with our refund id as metadata and idempotency key', async () => {
      const paymentIntent = await paidPaymentIntent();

      const result = await gateway.refund(refundRequest(paymentIntent));

      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/refunds' });
      expect(sent.headers['idempotency-key']).toBe('re_01JF0000000000000000000000');
      expect(Object.fromEntries(lastForm())).toEqual({
        payment_intent: paymentIntent,
        amount: '1000',
        'metadata[refund_id]': 're_01JF0000000000000000000000',
        'metadata[reference]': REFERENCE,
        'metadata[reason]': 'Customer asked',
      });
      expect(result).toEqual({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_test_/) as unknown });
    });

    it('is pending when Stripe has not settled the refund yet', async () => {
      const paymentIntent = await paidPaymentIntent();
      fake.setRefundStatus('pending');

      expect(await gateway.refund(refundRequest(paymentIntent))).toMatchObject({ status: 'pending' });
    });

    it("is failed with Stripe's message when Stripe refuses it (4xx), without throwing", async () => {
      const paymentIntent = await paidPaymentIntent();

      const result = await gateway.refund(refundRequest(paymentIntent, 5000n));

      expect(result).toEqual({
        status: 'failed',
        reason: 'Refund amount (5000) is greater than unrefunded amount on charge (4999)',
        providerRefundId: null,
      });
    });

    it('throws a retryable GatewayError while the same idempotency key is in use (409)', async () => {
      const paymentIntent = await paidPaymentIntent();
      fake.failNextCall('/v1/refunds', 409, {
        error: {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message: 'There is currently another in-progress request using this Idempotent Key.',
        },
      });

      await expect(gateway.refund(refundRequest(paymentIntent))).rejects.toMatchObject({
        retryable: true,
        statusCode: 409,
      });
      expect(await gateway.refund(refundRequest(paymentIntent))).toMatchObject({ status: 'succeeded' });
    });

    it('throws a retryable GatewayError on a 5xx', async () => {
      const paymentIntent = await paidPaymentIntent();
      fake.failNextCall('/v1/refunds', 500, { error: { type: 'api_error', message: 'Something went wrong' } });

      await expect(gateway.refund(refundRequest(paymentIntent))).rejects.toMatchObject({
        retryable: true,
        statusCode: 500,
      });
    });
  });

  describe('notifications', () => {
    const paidSession = async () => {
      await gateway.createCheckout(checkoutRequest());
      fake.completePayment(REFERENCE);
    };

    it('verifies a signed checkout.session.completed and reads it as a succeeded payment', async () => {
      await paidSession();
      const notification = fake.paymentNotification(REFERENCE, API_ORIGIN);
      const eventId = (JSON.parse(notification.body) as { id: string }).id;

      expect(notification.url).toBe(`${API_ORIGIN}/api/webhooks/stripe`);
      expect(gateway.referenceOf(inbound(notification))).toBe(REFERENCE);
      expect(gateway.verifyNotification(inbound(notification), secrets)).toEqual({
        kind: 'payment',
        eventId,
        type: 'checkout.session.completed',
        reference: REFERENCE,
        outcome: 'succeeded',
        failureReason: null,
      });
    });

    it('reads async_payment_failed as failed and checkout.session.expired as expired', async () => {
      await gateway.createCheckout(checkoutRequest());
      fake.failPayment(REFERENCE);
      expect(
        gateway.verifyNotification(inbound(fake.paymentNotification(REFERENCE, API_ORIGIN)), secrets),
      ).toMatchObject({
        kind: 'payment',
        type: 'checkout.session.async_payment_failed',
        outcome: 'failed',
      });

      fake.expireCheckout(REFERENCE);
      expect(
        gateway.verifyNotification(inbound(fake.paymentNotification(REFERENCE, API_ORIGIN)), secrets),
      ).toMatchObject({
        kind: 'payment',
        type: 'checkout.session.expired',
        outcome: 'expired',
        failureReason: 'expired',
      });
    });

    it('reads a delayed payment that succeeded later as checkout.session.async_payment_succeeded', async () => {
      await gateway.createCheckout(checkoutRequest());
      fake.startDelayedPayment(REFERENCE);
      const completedUnpaid = fake.paymentNotification(REFERENCE, API_ORIGIN);
      fake.completePayment(REFERENCE);
      const succeeded = fake.paymentNotification(REFERENCE, API_ORIGIN);

      expect(gateway.verifyNotification(inbound(completedUnpaid), secrets)).toMatchObject({
        kind: 'ignored',
        type: 'checkout.session.completed',
      });
      expect(gateway.verifyNotification(inbound(succeeded), secrets)).toMatchObject({
        kind: 'payment',
        type: 'checkout.session.async_payment_succeeded',
        outcome: 'succeeded',
      });
    });

    it('reads refund.updated as the final state of our refund, named by its metadata', async () => {
      await paidSession();
      fake.setRefundStatus('pending');
      const refundRequest = {
        refundId: 're_01JF0000000000000000000001',
        paymentReference: REFERENCE,
        providerReference: fake.sessions()[0]!.payment_intent!,
        amountMinor: 999n,
        currency: toCurrencyCode('USD'),
        reason: null,
        callbackUrl: `${API_ORIGIN}/api/webhooks/stripe`,
      };
      const { providerRefundId } = await gateway.refund(refundRequest);

      const succeeded = fake.refundNotification('re_01JF0000000000000000000001', API_ORIGIN);
      expect(gateway.referenceOf(inbound(succeeded))).toBe(REFERENCE);
      expect(gateway.verifyNotification(inbound(succeeded), secrets)).toMatchObject({
        kind: 'refund',
        type: 'refund.updated',
        reference: REFERENCE,
        refundId: 're_01JF0000000000000000000001',
        providerRefundId,
        outcome: 'succeeded',
        failureReason: null,
      });
      const failed = fake.refundNotification('re_01JF0000000000000000000001', API_ORIGIN, 'failed');
      expect(gateway.verifyNotification(inbound(failed), secrets)).toMatchObject({
        outcome: 'failed',
        failureReason: 'expired_or_canceled_card',
      });
    });

    it('ignores a completed session that is not paid yet and any event type it does not consume', async () => {
      await gateway.createCheckout(checkoutRequest());
      const session = fake.sessions()[0]!;
      const completedUnpaid = fake.signedEvent(
        {
          id: 'evt_1',
          object: 'event',
          type: 'checkout.session.completed',
          data: { object: { ...session, status: 'complete' } },
        },
        API_ORIGIN,
      );
      const unknown = fake.signedEvent(
        { id: 'evt_2', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', metadata: {} } } },
        API_ORIGIN,
      );

      expect(gateway.verifyNotification(inbound(completedUnpaid), secrets)).toEqual({
        kind: 'ignored',
        eventId: 'evt_1',
        type: 'checkout.session.completed',
        reference: REFERENCE,
      });
      expect(gateway.verifyNotification(inbound(unknown), secrets)).toEqual({
        kind: 'ignored',
        eventId: 'evt_2',
        type: 'customer.created',
        reference: null,
      });
    });

    it('refuses a forged signature, a tampered body and a missing header', async () => {
      await paidSession();
      const genuine = fake.paymentNotification(REFERENCE, API_ORIGIN);
      const forged = {
        ...genuine,
        headers: { 'stripe-signature': stripeSignatureHeader('whsec_not_the_tenants', genuine.body, NOW_SECONDS) },
      };
      const tampered = { ...genuine, body: genuine.body.replace('"amount_total":4999', '"amount_total":1') };

      expect(tampered.body).not.toBe(genuine.body);
      expect(gateway.verifyNotification(inbound(genuine), secrets)).not.toBeNull();
      expect(gateway.verifyNotification(inbound(forged), secrets)).toBeNull();
      expect(gateway.verifyNotification(inbound(tampered), secrets)).toBeNull();
      expect(gateway.verifyNotification(inbound(genuine, {}), secrets)).toBeNull();
      expect(gateway.verifyNotification(inbound(genuine, { 'stripe-signature': 'garbage' }), secrets)).toBeNull();
    });

    it('accepts a timestamp up to 300 s old and refuses one older, or more than 300 s ahead', async () => {
      await paidSession();
      const event = JSON.parse(fake.paymentNotification(REFERENCE, API_ORIGIN).body) as object;
      const at = (timestamp: number) =>
        gateway.verifyNotification(inbound(fake.signedEvent(event, API_ORIGIN, timestamp)), secrets);

      expect(at(NOW_SECONDS - 300)).not.toBeNull();
      expect(at(NOW_SECONDS - 301)).toBeNull();
      expect(at(NOW_SECONDS + 300)).not.toBeNull();
      expect(at(NOW_SECONDS + 301)).toBeNull();
    });

    it('accepts any matching v1 among several (a secret being rolled) and ignores v0', async () => {
      await paidSession();
      const genuine = fake.paymentNotification(REFERENCE, API_ORIGIN);
      const header = genuine.headers['stripe-signature']!;
      const [timestamp, valid] = header.split(',');
      const stale = 'v1=' + '0'.repeat(64);

      const rolled = { 'stripe-signature': `${timestamp!},${stale},${valid!},v0=${'1'.repeat(64)}` };
      const onlyStale = { 'stripe-signature': `${timestamp!},${stale}` };
      const validAsV0 = { 'stripe-signature': `${timestamp!},${valid!.replace('v1=', 'v0=')}` };

      expect(gateway.verifyNotification(inbound(genuine, rolled), secrets)).toMatchObject({ kind: 'payment' });
      expect(gateway.verifyNotification(inbound(genuine, onlyStale), secrets)).toBeNull();
      expect(gateway.verifyNotification(inbound(genuine, validAsV0), secrets)).toBeNull();
    });
  });

  describe("agreement with Stripe's own library", () => {
    it('verifies a header made by stripe.webhooks.generateTestHeaderString', async () => {
      await gateway.createCheckout(checkoutRequest());
      fake.completePayment(REFERENCE);
      const payload = fake.paymentNotification(REFERENCE, API_ORIGIN).body;
      const header = stripeLibrary.webhooks.generateTestHeaderString({
        payload,
        secret: credentials.webhookSecret,
        timestamp: NOW_SECONDS,
      });

      const parsed = gateway.verifyNotification(
        { rawBody: Buffer.from(payload), headers: { 'stripe-signature': header }, query: {}, receivedAt: NOW },
        secrets,
      );
      expect(parsed).toMatchObject({ kind: 'payment', reference: REFERENCE, outcome: 'succeeded' });
    });

    it("signs the fake's notifications so that stripe.webhooks.constructEvent accepts them", async () => {
      await gateway.createCheckout(checkoutRequest());
      fake.completePayment(REFERENCE);
      const notification = fake.paymentNotification(REFERENCE, API_ORIGIN);

      const event = stripeLibrary.webhooks.constructEvent(
        notification.body,
        notification.headers['stripe-signature']!,
        credentials.webhookSecret,
        300,
        undefined,
        NOW.getTime(),
      );
      expect(event.type).toBe('checkout.session.completed');
      expect(() =>
        stripeLibrary.webhooks.constructEvent(
          notification.body,
          notification.headers['stripe-signature']!,
          'whsec_another_secret',
          300,
          undefined,
          NOW.getTime(),
        ),
      ).toThrow();
    });
  });
});
