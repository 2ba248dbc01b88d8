import { fixedClock } from '../../../domain/clock';
import { toCurrencyCode } from '../../../domain/money';
import { startFlutterwaveFake, type FlutterwaveFake } from '../../../test/fakes/flutterwave-fake';
import { createFlutterwaveGateway } from './flutterwave-gateway';
import { GatewayError, type CheckoutRequest, type InboundNotification, type PaymentGateway } from './gateway';

const CREDENTIALS = {
  secretKey: 'FLWSECK_TEST-3c9a8d2e1f0b4a5c6d7e8f9a0b1c2d3e-X',
  secretHash: 'a-long-random-hash-4d2f',
};
const SECRETS = { credentials: CREDENTIALS, callbackTokenHash: null };
const NOW = new Date('2026-11-26T10:00:00.000Z');
const API = 'https://api.billing.example.com';

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  reference: 'pay_01JDFLUTTERWAVE0000000001',
  amountMinor: 4999n,
  currency: toCurrencyCode('NGN'),
  description: 'INV-2026-0042',
  customerEmail: 'billing@acme.example',
  phoneNumber: '+2348012345678',
  successUrl: 'https://acme.example/paid',
  cancelUrl: null,
  callbackUrl: `${API}/api/webhooks/flutterwave`,
  expiresAt: new Date(NOW.getTime() + 24 * 3600_000),
  idempotencyKey: 'payment:t:pay_01JDFLUTTERWAVE0000000001',
  ...overrides,
});

const inbound = (body: string, headers: Record<string, string>): InboundNotification => ({
  rawBody: Buffer.from(body, 'utf8'),
  headers,
  query: {},
  receivedAt: NOW,
});

describe('Flutterwave gateway against a fake Flutterwave', () => {
  let fake: FlutterwaveFake;
  let gateway: PaymentGateway;
  beforeEach(async () => {
    fake = await startFlutterwaveFake(CREDENTIALS);
    gateway = createFlutterwaveGateway(CREDENTIALS, {
      apiBaseUrl: fake.url,
      allowPrivateTargets: true,
      clock: fixedClock(NOW),
    });
  });
  afterEach(() => fake.close());

  const lastBody = () => JSON.parse(fake.requests.at(-1)?.body ?? '') as Record<string, unknown>;

  it('creates a Standard payment link: JSON with the secret key, tx_ref, a major-unit amount and a session', async () => {
    const result = await gateway.createCheckout(checkout());

    expect(result.checkoutUrl).toMatch(new RegExp(`^${fake.url}/v3/hosted/pay/[0-9a-f]+$`));
    expect(result).toMatchObject({ providerCheckoutId: null, expiresAt: checkout().expiresAt });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v3/payments' });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${CREDENTIALS.secretKey}`,
      'content-type': 'application/json',
    });
    expect(lastBody()).toEqual({
      tx_ref: 'pay_01JDFLUTTERWAVE0000000001',
      amount: '49.99',
      currency: 'NGN',
      redirect_url: 'https://acme.example/paid',
      customer: { email: 'billing@acme.example', phonenumber: '+2348012345678' },
      customizations: { title: 'INV-2026-0042' },
      meta: { reference: 'pay_01JDFLUTTERWAVE0000000001' },
      session_duration: 1440,
    });
  });

  it('writes zero-decimal currencies without decimals and caps the session at what is left', async () => {
    await gateway.createCheckout(
      checkout({
        amountMinor: 150_000n,
        currency: toCurrencyCode('UGX'),
        expiresAt: new Date(NOW.getTime() + 90 * 60_000 + 1),
        successUrl: null,
        phoneNumber: null,
      }),
    );
    expect(lastBody()).toMatchObject({
      amount: '150000',
      currency: 'UGX',
      session_duration: 91,
      redirect_url: `${API}/`,
      customer: { email: 'billing@acme.example' },
    });
  });

  it('takes Flutterwave’s currencies: 0- and 2-decimal ones, no 3-decimal currency', () => {
    expect([...gateway.currencies]).toEqual(expect.arrayContaining(['NGN', 'KES', 'GHS', 'ZAR', 'USD', 'UGX', 'XOF']));
    expect(gateway.currencies.has('KWD')).toBe(false);
    expect(gateway.currencies.has('JPY')).toBe(false);
  });

  it('refuses a checkout without the customer’s e-mail, which Flutterwave requires, before calling it', async () => {
    const error = await gateway.createCheckout(checkout({ customerEmail: null })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ retryable: false });
    expect(fake.requests).toEqual([]);
  });

  it('throws Flutterwave’s own refusal; a 5xx is retryable', async () => {
    fake.failNextCall('/v3/payments', 400, { status: 'error', message: 'Invalid currency', data: null });
    await expect(gateway.createCheckout(checkout())).rejects.toMatchObject({
      message: expect.stringContaining('Invalid currency') as unknown,
      retryable: false,
      statusCode: 400,
    });
    fake.failNextCall('/v3/payments', 503, { status: 'error', message: 'Service unavailable', data: null });
    await expect(gateway.createCheckout(checkout())).rejects.toMatchObject({ retryable: true, statusCode: 503 });
  });

  describe('verification by tx_ref', () => {
    const query = { reference: checkout().reference, providerCheckoutId: null, amountMinor: 4999n, currency: 'NGN' };
    const verify = () => gateway.verifyPayment({ ...query, currency: toCurrencyCode(query.currency) });

    it('is pending until the payer attempts the payment', async () => {
      await gateway.createCheckout(checkout());
      await expect(verify()).resolves.toEqual({ status: 'pending' });
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: '/v3/transactions/verify_by_reference?tx_ref=pay_01JDFLUTTERWAVE0000000001',
      });
    });

    it('succeeds with the captured amount in minor units and the transaction id a refund names', async () => {
      await gateway.createCheckout(checkout());
      fake.completePayment(query.reference);
      await expect(verify()).resolves.toEqual({
        status: 'succeeded',
        amountMinor: 4999n,
        currency: 'NGN',
        providerReference: fake.transactionIdOf(query.reference),
      });
    });

    it('fails with the processor’s reason', async () => {
      await gateway.createCheckout(checkout());
      fake.failPayment(query.reference, 'Insufficient funds');
      await expect(verify()).resolves.toEqual({
        status: 'failed',
        reason: 'Insufficient funds',
        providerReference: fake.transactionIdOf(query.reference),
      });
    });

    it('throws when the key is refused (not a pending payment)', async () => {
      const wrongKey = createFlutterwaveGateway(
        { ...CREDENTIALS, secretKey: 'FLWSECK_TEST-wrong' },
        { apiBaseUrl: fake.url, allowPrivateTargets: true, clock: fixedClock(NOW) },
      );
      await expect(wrongKey.verifyPayment({ ...query, currency: toCurrencyCode('NGN') })).rejects.toMatchObject({
        retryable: false,
        statusCode: 401,
      });
    });
  });

  describe('refunds', () => {
    const refund = (amountMinor: bigint) => ({
      refundId: 're_01JDREFUND000000000000001',
      paymentReference: checkout().reference,
      providerReference: fake.transactionIdOf(checkout().reference),
      amountMinor,
      currency: toCurrencyCode('NGN'),
      reason: null,
      callbackUrl: `${API}/api/webhooks/flutterwave`,
    });
    beforeEach(async () => {
      await gateway.createCheckout(checkout());
      fake.completePayment(checkout().reference);
    });

    it('refunds part of the transaction by its id, in major units; completed is a success', async () => {
      const result = await gateway.refund(refund(1000n));
      expect(result).toEqual({ status: 'succeeded', providerRefundId: String(fake.refunds[0]?.id) });
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `/v3/transactions/${fake.transactionIdOf(checkout().reference)}/refund`,
      });
      expect(lastBody()).toEqual({ amount: '10.00' });
    });

    it('is pending while Flutterwave processes it, and sends our reason as the refund’s comments', async () => {
      fake.setRefundStatus('pending');
      await expect(gateway.refund({ ...refund(4999n), reason: 'Duplicate charge' })).resolves.toMatchObject({
        status: 'pending',
      });
      expect(lastBody()).toEqual({ amount: '49.99', comments: 'Duplicate charge' });
    });

    it('records Flutterwave’s refusal as a failed refund', async () => {
      await expect(gateway.refund(refund(5000n))).resolves.toEqual({
        status: 'failed',
        reason: 'Refund amount cannot be greater than the transaction amount',
        providerRefundId: null,
      });
    });

    it('throws a retryable error on a 5xx or 429', async () => {
      fake.failNextCall('/v3/transactions/', 502, { status: 'error', message: 'Bad gateway', data: null });
      await expect(gateway.refund(refund(1000n))).rejects.toMatchObject({ retryable: true, statusCode: 502 });
      fake.failNextCall('/v3/transactions/', 429, { status: 'error', message: 'Too many requests', data: null });
      await expect(gateway.refund(refund(1000n))).rejects.toBeInstanceOf(GatewayError);
    });
  });

  describe('webhooks', () => {
    const reference = checkout().reference;
    beforeEach(() => gateway.createCheckout(checkout()));

    it('accepts charge.completed with the right verif-hash: a success to verify, keyed by event and transaction id', () => {
      fake.completePayment(reference);
      const sent = fake.paymentNotification(reference, API);
      expect(sent.url).toBe(`${API}/api/webhooks/flutterwave`);
      const notification = inbound(sent.body, sent.headers);

      expect(gateway.referenceOf(notification)).toBe(reference);
      expect(gateway.verifyNotification(notification, SECRETS)).toEqual({
        kind: 'payment',
        eventId: `charge.completed:${fake.transactionIdOf(reference)}`,
        type: 'charge.completed',
        reference,
        outcome: 'succeeded',
        failureReason: null,
      });
    });

    it('reports a failed charge with the processor’s reason', () => {
      fake.failPayment(reference, 'Do not honour');
      const sent = fake.paymentNotification(reference, API);
      expect(gateway.verifyNotification(inbound(sent.body, sent.headers), SECRETS)).toMatchObject({
        kind: 'payment',
        outcome: 'failed',
        failureReason: 'Do not honour',
      });
    });

    it('rejects a wrong or missing verif-hash', () => {
      fake.completePayment(reference);
      const sent = fake.paymentNotification(reference, API);
      expect(
        gateway.verifyNotification(inbound(sent.body, { 'verif-hash': 'a-long-random-hash-4d2e' }), SECRETS),
      ).toBeNull();
      expect(gateway.verifyNotification(inbound(sent.body, { 'verif-hash': 'short' }), SECRETS)).toBeNull();
      expect(gateway.verifyNotification(inbound(sent.body, {}), SECRETS)).toBeNull();
    });

    it('cannot detect a tampered body (the hash does not cover it), so a success still needs the API to agree', async () => {
      fake.failPayment(reference, 'Declined');
      const sent = fake.paymentNotification(reference, API);
      const tampered = sent.body.replace('"status":"failed"', '"status":"successful"');
      expect(tampered).not.toBe(sent.body);

      expect(gateway.verifyNotification(inbound(tampered, sent.headers), SECRETS)).toMatchObject({
        outcome: 'succeeded',
      });
      await expect(
        gateway.verifyPayment({
          reference,
          providerCheckoutId: null,
          amountMinor: 4999n,
          currency: toCurrencyCode('NGN'),
        }),
      ).resolves.toMatchObject({ status: 'failed', reason: 'Declined' });
    });

    it('ignores other events and charges that are still pending', () => {
      const transfer = JSON.stringify({ event: 'transfer.completed', data: { id: 77, reference: 'x' } });
      expect(gateway.verifyNotification(inbound(transfer, { 'verif-hash': CREDENTIALS.secretHash }), SECRETS)).toEqual({
        kind: 'ignored',
        eventId: 'transfer.completed:77',
        type: 'transfer.completed',
        reference: null,
      });
      const pending = JSON.stringify({
        event: 'charge.completed',
        data: { id: 78, tx_ref: reference, status: 'pending' },
      });
      expect(gateway.verifyNotification(inbound(pending, { 'verif-hash': CREDENTIALS.secretHash }), SECRETS)).toEqual({
        kind: 'ignored',
        eventId: 'charge.completed:78',
        type: 'charge.completed',
        reference,
      });
    });

    it('reads no reference from a body that is not JSON', () => {
      expect(gateway.referenceOf(inbound('not json', {}))).toBeNull();
    });
  });
});
