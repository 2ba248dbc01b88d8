import { createHash } from 'node:crypto';
import type { Clock } from '../../../domain/clock';
import { toCurrencyCode } from '../../../domain/money';
import type { MpesaCredentials } from '../providers';
import type { ProviderNotification } from '../../../test/fakes/fake-provider';
import { startMpesaFake, type MpesaFake } from '../../../test/fakes/mpesa-fake';
import { GatewayError, type CheckoutRequest, type InboundNotification, type PaymentGateway } from './gateway';
import { createMpesaGateway } from './mpesa-gateway';
import { MpesaTokenCache } from './mpesa-token';

const CREDENTIALS: MpesaCredentials = {
  consumerKey: 'GvzjNnYgNJtwgwfLBkZh65VOwhlGbVDV',
  consumerSecret: 'X3nPPfo0Plk3vd2aQ1w2',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  environment: 'sandbox',
  initiatorName: 'testapi',
  securityCredential: 'Q2xlYXJseUFuRW5jcnlwdGVkUGFzc3dvcmQ=',
};
const NOW = new Date('2026-11-26T10:00:00.000Z');
const TOKEN = 'f4a1c0ffee';
const TOKEN_HASH = createHash('sha256').update(TOKEN).digest('hex');
const SECRETS = { credentials: {}, callbackTokenHash: TOKEN_HASH };
const REFERENCE = 'pay_01JDMPESA00000000000000001';
const CALLBACK = `https://api.billing.example.com/api/webhooks/mpesa?reference=${REFERENCE}&token=${TOKEN}`;
const REFUND_ID = 're_01JDMPESAREFUND0000000001';
const RESULT_URL = `https://api.billing.example.com/api/webhooks/mpesa?reference=${REFERENCE}&refund=${REFUND_ID}&token=${TOKEN}`;

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  reference: REFERENCE,
  amountMinor: 150_000n,
  currency: toCurrencyCode('KES'),
  description: 'INV-2026-0042',
  customerEmail: null,
  phoneNumber: '+254708374149',
  successUrl: null,
  cancelUrl: null,
  callbackUrl: CALLBACK,
  expiresAt: new Date(NOW.getTime() + 5 * 60_000),
  idempotencyKey: `payment:t:${REFERENCE}`,
  ...overrides,
});

/** What our webhook route hands the gateway: the raw body and the query of the URL Daraja posted to. */
function inbound(notification: ProviderNotification, body = notification.body): InboundNotification {
  return {
    rawBody: Buffer.from(body, 'utf8'),
    headers: {},
    query: Object.fromEntries(new URL(notification.url).searchParams),
    receivedAt: NOW,
  };
}

describe('M-Pesa Daraja gateway against a fake Daraja', () => {
  let fake: MpesaFake;
  let now: Date;
  let tokens: MpesaTokenCache;
  const clock: Clock = { now: () => now };
  const gatewayWith = (credentials: MpesaCredentials = CREDENTIALS): PaymentGateway =>
    createMpesaGateway(credentials, { apiBaseUrl: fake.url, allowPrivateTargets: true, clock }, tokens);
  beforeEach(async () => {
    fake = await startMpesaFake(CREDENTIALS);
    now = NOW;
    tokens = new MpesaTokenCache();
  });
  afterEach(() => fake.close());

  const bodyOf = (path: string) =>
    JSON.parse(fake.requests.findLast((request) => request.path === path)?.body ?? '') as Record<string, unknown>;

  it('prompts the payer: OAuth token by Basic auth, then the STK push with the Nairobi timestamp and password', async () => {
    const result = await gatewayWith().createCheckout(checkout());

    expect(result).toEqual({
      checkoutUrl: null,
      providerCheckoutId: fake.checkoutRequestIdOf(REFERENCE),
      expiresAt: checkout().expiresAt,
    });
    const [oauth, push] = fake.requests;
    expect(oauth).toMatchObject({ method: 'GET', path: '/oauth/v1/generate?grant_type=client_credentials' });
    expect(oauth?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CREDENTIALS.consumerKey}:${CREDENTIALS.consumerSecret}`).toString('base64')}`,
    );
    expect(push).toMatchObject({ method: 'POST', path: '/mpesa/stkpush/v1/processrequest' });
    expect(push?.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(push?.headers['content-type']).toBe('application/json');
    // 10:00 UTC is 13:00 in Nairobi (UTC+3).
    expect(bodyOf('/mpesa/stkpush/v1/processrequest')).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${CREDENTIALS.passkey}20261126130000`).toString('base64'),
      Timestamp: '20261126130000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: CALLBACK,
      AccountReference: 'INV-2026-004',
      TransactionDesc: 'INV-2026-0042',
    });
  });

  it('reuses the access token until shortly before it expires, then asks for a new one', async () => {
    const gateway = gatewayWith();
    await gateway.createCheckout(checkout());
    await gateway.createCheckout(checkout());
    expect(fake.tokenRequests()).toBe(1);

    // expires_in is 3,599 s; the token is renewed 60 s before that, at 3,539 s.
    now = new Date(NOW.getTime() + 3_538_999);
    await gateway.createCheckout(checkout());
    expect(fake.tokenRequests()).toBe(1);
    now = new Date(NOW.getTime() + 3_539_000);
    await gateway.createCheckout(checkout());
    expect(fake.tokenRequests()).toBe(2);
    const bearers = fake.requests.filter((r) => r.path.startsWith('/mpesa/')).map((r) => r.headers.authorization);
    expect(bearers[0]).toBe(bearers[1]);
    expect(bearers[2]).toBe(bearers[1]);
    expect(bearers[3]).not.toBe(bearers[2]);
  });

  it('asks for one token when calls start together', async () => {
    const gateway = gatewayWith();
    await Promise.all([gateway.createCheckout(checkout()), gateway.createCheckout(checkout())]);
    expect(fake.tokenRequests()).toBe(1);
  });

  it('drops a token Daraja no longer takes and retries once with a new one', async () => {
    const gateway = gatewayWith();
    await gateway.createCheckout(checkout());
    fake.revokeTokens();
    await expect(gateway.createCheckout(checkout())).resolves.toMatchObject({ checkoutUrl: null });
    expect(fake.tokenRequests()).toBe(2);
  });

  it('refuses, before calling Daraja, cents, another currency and a missing or foreign phone number', async () => {
    const gateway = gatewayWith();
    const refused = (request: CheckoutRequest) => gateway.createCheckout(request).catch((error: unknown) => error);
    const cents = await refused(checkout({ amountMinor: 150_050n }));
    expect(cents).toBeInstanceOf(GatewayError);
    expect(cents).toMatchObject({ retryable: false, message: expect.stringContaining('whole shillings') as unknown });
    await expect(refused(checkout({ currency: toCurrencyCode('USD') }))).resolves.toMatchObject({ retryable: false });
    await expect(refused(checkout({ phoneNumber: null }))).resolves.toMatchObject({ retryable: false });
    await expect(refused(checkout({ phoneNumber: '+447700900123' }))).resolves.toMatchObject({ retryable: false });
    expect(fake.requests).toEqual([]);
  });

  it('throws Daraja’s refusal (wrong passkey); a 5xx is retryable', async () => {
    const wrongPasskey = gatewayWith({ ...CREDENTIALS, passkey: 'not-the-passkey' });
    await expect(wrongPasskey.createCheckout(checkout())).rejects.toMatchObject({
      message: expect.stringContaining('Bad Request - Invalid Password') as unknown,
      retryable: false,
      statusCode: 400,
    });
    fake.failNextCall('/mpesa/stkpush', 503, { requestId: '1', errorCode: '503.001.01', errorMessage: 'Unavailable' });
    await expect(gatewayWith().createCheckout(checkout())).rejects.toMatchObject({ retryable: true, statusCode: 503 });
  });

  it('reports credentials Daraja refuses as a GatewayError', async () => {
    const wrong = gatewayWith({ ...CREDENTIALS, consumerSecret: 'wrong' });
    await expect(wrong.createCheckout(checkout())).rejects.toMatchObject({
      message: expect.stringContaining('Invalid Authentication passed') as unknown,
      retryable: false,
    });
  });

  describe('verification by STK query', () => {
    const query = (providerCheckoutId: string | null) => ({
      reference: REFERENCE,
      providerCheckoutId,
      amountMinor: 150_000n,
      currency: toCurrencyCode('KES'),
    });
    let gateway: PaymentGateway;
    beforeEach(async () => {
      gateway = gatewayWith();
      await gateway.createCheckout(checkout());
    });

    it('is pending while Daraja says the transaction is being processed or still under processing (4999)', async () => {
      await expect(gateway.verifyPayment(query(fake.checkoutRequestIdOf(REFERENCE)))).resolves.toEqual({
        status: 'pending',
      });
      expect(bodyOf('/mpesa/stkpushquery/v1/query')).toEqual({
        BusinessShortCode: '174379',
        Password: Buffer.from(`174379${CREDENTIALS.passkey}20261126130000`).toString('base64'),
        Timestamp: '20261126130000',
        CheckoutRequestID: fake.checkoutRequestIdOf(REFERENCE),
      });
      fake.failNextCall('/mpesa/stkpushquery', 200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: '1',
        CheckoutRequestID: fake.checkoutRequestIdOf(REFERENCE),
        ResultCode: '4999',
        ResultDesc: 'The transaction is still under processing',
      });
      await expect(gateway.verifyPayment(query(fake.checkoutRequestIdOf(REFERENCE)))).resolves.toEqual({
        status: 'pending',
      });
    });

    it('succeeds on ResultCode 0 with the prompted amount; the CheckoutRequestID stands as the reference', async () => {
      fake.completePayment(REFERENCE);
      const checkoutRequestId = fake.checkoutRequestIdOf(REFERENCE);
      await expect(gateway.verifyPayment(query(checkoutRequestId))).resolves.toEqual({
        status: 'succeeded',
        amountMinor: 150_000n,
        currency: 'KES',
        providerReference: checkoutRequestId,
      });
    });

    it('fails when the payer cancels (1032) or cannot be reached (1037)', async () => {
      fake.failPayment(REFERENCE);
      await expect(gateway.verifyPayment(query(fake.checkoutRequestIdOf(REFERENCE)))).resolves.toEqual({
        status: 'failed',
        reason: 'Request cancelled by user',
        providerReference: null,
      });
      fake.timeOutPayment(REFERENCE);
      await expect(gateway.verifyPayment(query(fake.checkoutRequestIdOf(REFERENCE)))).resolves.toMatchObject({
        status: 'failed',
        reason: 'DS timeout user cannot be reached',
      });
    });

    it('is pending without a CheckoutRequestID, and throws on another refusal', async () => {
      await expect(gateway.verifyPayment(query(null))).resolves.toEqual({ status: 'pending' });
      await expect(gateway.verifyPayment(query('ws_CO_unknown'))).rejects.toMatchObject({ retryable: false });
    });
  });

  describe('refunds through the reversal API', () => {
    const refund = (providerReference: string, amountMinor = 50_000n) => ({
      refundId: REFUND_ID,
      paymentReference: REFERENCE,
      providerReference,
      amountMinor,
      currency: toCurrencyCode('KES'),
      reason: 'requested_by_customer',
      callbackUrl: RESULT_URL,
    });
    let gateway: PaymentGateway;
    beforeEach(async () => {
      gateway = gatewayWith();
      await gateway.createCheckout(checkout());
      fake.completePayment(REFERENCE);
    });

    it('requests the reversal of the receipt and stays pending until the result arrives at the ResultURL', async () => {
      const receipt = fake.receiptOf(REFERENCE);
      const result = await gateway.refund(refund(receipt));
      expect(result).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/^AG_/) as unknown });
      expect(bodyOf('/mpesa/reversal/v1/request')).toEqual({
        Initiator: 'testapi',
        SecurityCredential: CREDENTIALS.securityCredential,
        CommandID: 'TransactionReversal',
        TransactionID: receipt,
        Amount: 500,
        ReceiverParty: '174379',
        RecieverIdentifierType: '11',
        ResultURL: RESULT_URL,
        QueueTimeOutURL: RESULT_URL,
        Remarks: 'requested_by_customer',
        Occasion: REFUND_ID,
      });

      const notification = fake.refundNotification(REFUND_ID, 'unused');
      expect(notification.url).toBe(RESULT_URL);
      expect(gateway.verifyNotification(inbound(notification), SECRETS)).toEqual({
        kind: 'refund',
        eventId: result.providerRefundId,
        type: 'reversalResult',
        reference: REFERENCE,
        refundId: REFUND_ID,
        providerRefundId: result.providerRefundId,
        outcome: 'succeeded',
        failureReason: null,
      });
    });

    it('reports a reversal Daraja turns down in its result as a failed refund', async () => {
      await gateway.refund(refund(fake.receiptOf(REFERENCE)));
      const notification = fake.refundNotification(REFUND_ID, 'unused', 'failed');
      expect(gateway.verifyNotification(inbound(notification), SECRETS)).toMatchObject({
        kind: 'refund',
        outcome: 'failed',
        failureReason: 'The transaction has already been reversed.',
      });
    });

    it('fails without calling Daraja when the initiator is not configured or no receipt is known', async () => {
      const { initiatorName: _initiator, securityCredential: _credential, ...withoutInitiator } = CREDENTIALS;
      await expect(gatewayWith(withoutInitiator).refund(refund(fake.receiptOf(REFERENCE)))).resolves.toMatchObject({
        status: 'failed',
        reason: expect.stringContaining('initiator') as unknown,
      });
      await expect(gateway.refund(refund(fake.checkoutRequestIdOf(REFERENCE)))).resolves.toMatchObject({
        status: 'failed',
        reason: expect.stringContaining('receipt') as unknown,
      });
      await expect(gateway.refund(refund(fake.receiptOf(REFERENCE), 50_050n))).resolves.toMatchObject({
        status: 'failed',
      });
      expect(fake.requests.filter((request) => request.path.startsWith('/mpesa/reversal'))).toEqual([]);
    });

    it('records an immediate refusal as failed and throws a retryable error on a 5xx', async () => {
      fake.failNextCall('/mpesa/reversal', 400, {
        requestId: '1',
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid Remarks',
      });
      await expect(gateway.refund(refund(fake.receiptOf(REFERENCE)))).resolves.toEqual({
        status: 'failed',
        reason: 'Bad Request - Invalid Remarks',
        providerRefundId: null,
      });
      fake.failNextCall('/mpesa/reversal', 500, { requestId: '2', errorCode: '500.003.02', errorMessage: 'Error' });
      await expect(gateway.refund(refund(fake.receiptOf(REFERENCE)))).rejects.toMatchObject({
        retryable: true,
        statusCode: 500,
      });
    });
  });

  describe('STK callbacks', () => {
    let gateway: PaymentGateway;
    beforeEach(async () => {
      gateway = gatewayWith();
      await gateway.createCheckout(checkout());
    });

    it('accepts the callback with its URL token: a success keyed by CheckoutRequestID, carrying the receipt', () => {
      fake.completePayment(REFERENCE);
      const notification = fake.paymentNotification(REFERENCE, 'unused');
      expect(notification.url).toBe(CALLBACK);

      expect(gateway.referenceOf(inbound(notification))).toBe(REFERENCE);
      expect(gateway.verifyNotification(inbound(notification), SECRETS)).toEqual({
        kind: 'payment',
        eventId: fake.checkoutRequestIdOf(REFERENCE),
        type: 'stkCallback',
        reference: REFERENCE,
        outcome: 'succeeded',
        failureReason: null,
        providerReference: fake.receiptOf(REFERENCE),
      });
    });

    it('reports a cancelled prompt as failed with Daraja’s description', () => {
      fake.failPayment(REFERENCE);
      expect(gateway.verifyNotification(inbound(fake.paymentNotification(REFERENCE, 'unused')), SECRETS)).toMatchObject(
        { kind: 'payment', outcome: 'failed', failureReason: 'Request cancelled by user' },
      );
    });

    it('rejects a wrong or missing token, and any token when none is stored', () => {
      fake.completePayment(REFERENCE);
      const notification = fake.paymentNotification(REFERENCE, 'unused');
      const withQuery = (query: Record<string, string>) => ({ ...inbound(notification), query });
      expect(gateway.verifyNotification(withQuery({ reference: REFERENCE, token: 'f4a1c0ffeF' }), SECRETS)).toBeNull();
      expect(gateway.verifyNotification(withQuery({ reference: REFERENCE }), SECRETS)).toBeNull();
      expect(
        gateway.verifyNotification(inbound(notification), { credentials: {}, callbackTokenHash: null }),
      ).toBeNull();
    });

    it('cannot see a tampered body (the token covers the URL only), so a success still needs the STK query', async () => {
      fake.failPayment(REFERENCE);
      const notification = fake.paymentNotification(REFERENCE, 'unused');
      const tampered = notification.body.replace('"ResultCode":1032', '"ResultCode":0');
      expect(tampered).not.toBe(notification.body);
      expect(gateway.verifyNotification(inbound(notification, tampered), SECRETS)).toMatchObject({
        outcome: 'succeeded',
      });
      await expect(
        gateway.verifyPayment({
          reference: REFERENCE,
          providerCheckoutId: fake.checkoutRequestIdOf(REFERENCE),
          amountMinor: 150_000n,
          currency: toCurrencyCode('KES'),
        }),
      ).resolves.toMatchObject({ status: 'failed' });
    });

    it('ignores a body that is neither an STK callback nor a reversal result', () => {
      const other = inbound({ url: CALLBACK, headers: {}, body: JSON.stringify({ TransactionType: 'Pay Bill' }) });
      expect(gateway.verifyNotification(other, SECRETS)).toMatchObject({
        kind: 'ignored',
        eventId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
        type: 'unrecognised',
        reference: REFERENCE,
      });
    });
  });
});
