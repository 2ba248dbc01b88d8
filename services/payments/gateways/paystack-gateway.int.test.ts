import { fixedClock } from '../../../domain/clock';
import { toCurrencyCode } from '../../../domain/money';
import type { ProviderNotification } from '../../../test/fakes/fake-provider';
import { paystackSignature, startPaystackFake, type PaystackFake } from '../../../test/fakes/paystack-fake';
import type { CheckoutRequest, InboundNotification, PaymentGateway, RefundRequest } from './gateway';
import { createPaystackGateway } from './paystack-gateway';

const credentials = { secretKey: 'sk_test_paystack000000000000000000000001' };
const NOW = new Date('2026-11-26T12:00:00Z');
const clock = fixedClock(NOW);
const REFERENCE = 'pay_01JF0000000000000000000000';
// Paystack's references take no underscore: ours travels with a hyphen, plus a suffix per checkout attempt.
const PAYSTACK_REFERENCE = /^pay-01JF0000000000000000000000\.[0-9a-f]{8}$/;
const REFUND_ID = 're_01JF0000000000000000000000';
const API_ORIGIN = 'https://api.billing.example';
const secrets = { credentials, callbackTokenHash: null };

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: REFERENCE,
    amountMinor: 500_000n,
    currency: toCurrencyCode('NGN'),
    description: 'Invoice INV-0001',
    customerEmail: 'billing@globex.example',
    phoneNumber: null,
    successUrl: 'https://tenant.example/paid',
    cancelUrl: 'https://tenant.example/cancelled',
    callbackUrl: `${API_ORIGIN}/api/webhooks/paystack`,
    expiresAt: new Date(NOW.getTime() + 24 * 3600_000),
    idempotencyKey: `payment:ten_01JF0000000000000000000000:${REFERENCE}:checkout`,
    ...overrides,
  };
}

function inbound(notification: ProviderNotification, headers = notification.headers): InboundNotification {
  return { rawBody: Buffer.from(notification.body), headers, query: {}, receivedAt: NOW };
}

describe('Paystack gateway against the Paystack fake', () => {
  let fake: PaystackFake;
  let gateway: PaymentGateway;
  beforeEach(async () => {
    fake = await startPaystackFake(credentials);
    gateway = createPaystackGateway(credentials, { apiBaseUrl: fake.url, allowPrivateTargets: true, clock });
  });
  afterEach(() => fake.close());

  const lastBody = () => JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;
  const paidTransaction = async (amountMinor = 500_000n) => {
    await gateway.createCheckout(checkoutRequest({ amountMinor }));
    fake.completePayment(REFERENCE);
    return String(fake.transactions()[0]!.id);
  };

  describe('createCheckout', () => {
    it('initializes a transaction in JSON with the Bearer secret key, the amount in the subunit and our reference', async () => {
      const request = checkoutRequest();
      const result = await gateway.createCheckout(request);

      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: '/transaction/initialize' });
      expect(sent.headers).toMatchObject({
        authorization: `Bearer ${credentials.secretKey}`,
        'content-type': 'application/json',
      });
      expect(lastBody()).toEqual({
        email: 'billing@globex.example',
        amount: '500000',
        currency: 'NGN',
        reference: expect.stringMatching(PAYSTACK_REFERENCE) as unknown,
        callback_url: 'https://tenant.example/paid',
        metadata: { reference: REFERENCE, cancel_action: 'https://tenant.example/cancelled' },
      });
      const { access_code: accessCode, reference } = fake.transactions()[0]!;
      expect(result).toEqual({
        checkoutUrl: `https://checkout.paystack.com/${accessCode}`,
        providerCheckoutId: reference,
        expiresAt: request.expiresAt,
      });
    });

    it.each([
      ['NGN', 250_050n, '250050'],
      ['GHS', 1n, '1'],
      ['ZAR', 4999n, '4999'],
      ['KES', 100_000n, '100000'],
      ['USD', 4999n, '4999'],
    ])('sends %s %s minor units as amount %s', async (currency, amountMinor, amount) => {
      await gateway.createCheckout(checkoutRequest({ currency: toCurrencyCode(currency), amountMinor }));

      expect(lastBody()).toMatchObject({ amount, currency });
    });

    it('refuses a currency Paystack does not take without calling it', async () => {
      const attempt = gateway.createCheckout(checkoutRequest({ currency: toCurrencyCode('JPY'), amountMinor: 1500n }));

      await expect(attempt).rejects.toMatchObject({ name: 'GatewayError', retryable: false });
      expect(fake.requests).toEqual([]);
      expect([...gateway.currencies].sort()).toEqual(['GHS', 'KES', 'NGN', 'USD', 'ZAR']);
    });

    it('stands in an undeliverable address for a customer without e-mail, and leaves out unknown URLs', async () => {
      await gateway.createCheckout(checkoutRequest({ customerEmail: null, successUrl: null, cancelUrl: null }));

      expect(lastBody()).toEqual({
        email: 'pay_01jf0000000000000000000000@example.com',
        amount: '500000',
        currency: 'NGN',
        reference: expect.stringMatching(PAYSTACK_REFERENCE) as unknown,
        metadata: { reference: REFERENCE },
      });
    });

    it('opens a fresh transaction when a retry repeats a checkout whose answer was lost', async () => {
      const first = await gateway.createCheckout(checkoutRequest());
      const retried = await gateway.createCheckout(checkoutRequest());

      expect(retried.providerCheckoutId).not.toBe(first.providerCheckoutId);
      expect(fake.transactions().map((transaction) => transaction.metadata.reference)).toEqual([REFERENCE, REFERENCE]);
    });

    it("throws Paystack's refusal as a final GatewayError and a 5xx as a retryable one", async () => {
      fake.failNextCall('/transaction/initialize', 400, { status: false, message: 'Invalid Email Address Passed' });
      await expect(gateway.createCheckout(checkoutRequest())).rejects.toMatchObject({
        retryable: false,
        statusCode: 400,
        message: 'Paystack: Invalid Email Address Passed',
      });

      fake.failNextCall('/transaction/initialize', 502, { status: false, message: 'Bad gateway' });
      await expect(gateway.createCheckout(checkoutRequest())).rejects.toMatchObject({
        retryable: true,
        statusCode: 502,
      });
    });
  });

  describe('verifyPayment', () => {
    const query = (providerCheckoutId: string | null) => ({
      reference: REFERENCE,
      providerCheckoutId,
      amountMinor: 500_000n,
      currency: toCurrencyCode('NGN'),
    });
    const unknown = 'pay-01JF0000000000000000000000.00000000';

    it('is pending while the transaction is abandoned, then succeeded with amount, currency and transaction id', async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      expect(await gateway.verifyPayment(query(providerCheckoutId))).toEqual({ status: 'pending' });

      fake.completePayment(REFERENCE);
      const verified = await gateway.verifyPayment(query(providerCheckoutId));

      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/transaction/verify/${providerCheckoutId!}` });
      expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${credentials.secretKey}`);
      expect(verified).toEqual({
        status: 'succeeded',
        amountMinor: 500_000n,
        currency: 'NGN',
        providerReference: String(fake.transactions()[0]!.id),
      });
    });

    it("is failed with Paystack's gateway response", async () => {
      const { providerCheckoutId } = await gateway.createCheckout(checkoutRequest());
      fake.failPayment(REFERENCE, 'Insufficient Funds');

      expect(await gateway.verifyPayment(query(providerCheckoutId))).toEqual({
        status: 'failed',
        reason: 'Insufficient Funds',
        providerReference: String(fake.transactions()[0]!.id),
      });
    });

    it('throws a final GatewayError for a reference Paystack does not know, a retryable one on a 5xx', async () => {
      await expect(gateway.verifyPayment(query(unknown))).rejects.toMatchObject({
        retryable: false,
        message: 'Paystack: Transaction reference not found',
      });
      await expect(gateway.verifyPayment(query(null))).rejects.toMatchObject({ retryable: false });
      fake.failNextCall('/transaction/verify', 503, undefined);
      await expect(gateway.verifyPayment(query(unknown))).rejects.toMatchObject({ retryable: true, statusCode: 503 });
    });
  });

  describe('refund', () => {
    const refundRequest = (providerReference: string, amountMinor = 100_000n): RefundRequest => ({
      refundId: REFUND_ID,
      paymentReference: REFERENCE,
      providerReference,
      amountMinor,
      currency: toCurrencyCode('NGN'),
      reason: 'Customer asked',
      callbackUrl: `${API_ORIGIN}/api/webhooks/paystack`,
    });

    it('queues a refund of the transaction in the subunit, pending until Paystack processes it', async () => {
      const transactionId = await paidTransaction();

      const result = await gateway.refund(refundRequest(transactionId));

      expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/refund' });
      expect(lastBody()).toEqual({
        transaction: transactionId,
        amount: 100_000,
        currency: 'NGN',
        merchant_note: `Customer asked (${REFUND_ID})`,
      });
      expect(result).toEqual({ status: 'pending', providerRefundId: '3018284' });
    });

    it("is failed with Paystack's message when it refuses (4xx), without throwing", async () => {
      const transactionId = await paidTransaction();

      expect(await gateway.refund(refundRequest(transactionId, 500_001n))).toEqual({
        status: 'failed',
        reason: 'Refund amount cannot be more than the unrefunded transaction amount',
        providerRefundId: null,
      });
    });

    it('throws a retryable GatewayError on a 5xx or 429', async () => {
      const transactionId = await paidTransaction();
      fake.failNextCall('/refund', 500, { status: false, message: 'Server error' });
      await expect(gateway.refund(refundRequest(transactionId))).rejects.toMatchObject({
        retryable: true,
        statusCode: 500,
      });
      fake.failNextCall('/refund', 429, { status: false, message: 'Too many requests' });
      await expect(gateway.refund(refundRequest(transactionId))).rejects.toMatchObject({
        retryable: true,
        statusCode: 429,
      });
    });
  });

  describe('notifications', () => {
    it('verifies charge.success and reads it as a succeeded payment of our reference', async () => {
      const transactionId = await paidTransaction();
      const notification = fake.paymentNotification(REFERENCE, API_ORIGIN);

      expect(notification.url).toBe(`${API_ORIGIN}/api/webhooks/paystack`);
      expect(gateway.referenceOf(inbound(notification))).toBe(REFERENCE);
      expect(gateway.verifyNotification(inbound(notification), secrets)).toEqual({
        kind: 'payment',
        eventId: `charge.success:${transactionId}`,
        type: 'charge.success',
        reference: REFERENCE,
        outcome: 'succeeded',
        failureReason: null,
      });
    });

    it('reads refund.processed and refund.failed as the refund Paystack named when it was queued', async () => {
      const transactionId = await paidTransaction();
      const { providerRefundId } = await gateway.refund({
        refundId: REFUND_ID,
        paymentReference: REFERENCE,
        providerReference: transactionId,
        amountMinor: 1000n,
        currency: toCurrencyCode('NGN'),
        reason: null,
        callbackUrl: `${API_ORIGIN}/api/webhooks/paystack`,
      });

      const processed = fake.refundNotification(REFUND_ID, API_ORIGIN);
      expect(gateway.referenceOf(inbound(processed))).toBe(REFERENCE);
      expect(gateway.verifyNotification(inbound(processed), secrets)).toEqual({
        kind: 'refund',
        eventId: `refund.processed:${providerRefundId!}`,
        type: 'refund.processed',
        reference: REFERENCE,
        refundId: null,
        providerRefundId,
        amountMinor: 1000n,
        outcome: 'succeeded',
        failureReason: null,
      });
      const failed = fake.refundNotification(REFUND_ID, API_ORIGIN, 'failed');
      expect(gateway.verifyNotification(inbound(failed), secrets)).toMatchObject({
        kind: 'refund',
        eventId: `refund.failed:${providerRefundId!}`,
        outcome: 'failed',
        providerRefundId,
      });
    });

    it('ignores an event type it does not consume', () => {
      const transfer = fake.signedEvent(
        { event: 'transfer.success', data: { id: 37272792, reference: 'transfer-1', amount: 10000 } },
        API_ORIGIN,
      );

      expect(gateway.verifyNotification(inbound(transfer), secrets)).toEqual({
        kind: 'ignored',
        eventId: 'transfer.success:37272792',
        type: 'transfer.success',
        reference: 'transfer_1',
      });
    });

    it('refuses a forged signature, a tampered body and a missing header', async () => {
      await paidTransaction();
      const genuine = fake.paymentNotification(REFERENCE, API_ORIGIN);
      const forged = { 'x-paystack-signature': paystackSignature('sk_test_someone_else', genuine.body) };
      const tampered = { ...genuine, body: genuine.body.replace('"amount":500000', '"amount":1') };

      expect(tampered.body).not.toBe(genuine.body);
      expect(gateway.verifyNotification(inbound(genuine), secrets)).not.toBeNull();
      expect(gateway.verifyNotification(inbound(genuine, forged), secrets)).toBeNull();
      expect(gateway.verifyNotification(inbound(tampered), secrets)).toBeNull();
      expect(gateway.verifyNotification(inbound(genuine, {}), secrets)).toBeNull();
      // A SHA-256 HMAC (another provider's scheme) with the right key is still not Paystack's signature.
      const sha256 = { 'x-paystack-signature': genuine.headers['x-paystack-signature']!.slice(0, 64) };
      expect(gateway.verifyNotification(inbound(genuine, sha256), secrets)).toBeNull();
    });
  });
});
