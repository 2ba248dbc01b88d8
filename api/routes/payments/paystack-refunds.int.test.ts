import { parseDecimal, toCurrencyCode, type Decimal } from '../../../domain/money';
import { systemClock } from '../../../infra/clock';
import { tenantSchemaName } from '../../../infra/db/tenant-schema';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createManualInvoice, finalizeInvoice } from '../../../services/invoices';
import { createGateway, type PaymentGateway, type ParsedNotification } from '../../../services/payment-gateways';
import { applyRefundNotification } from '../../../services/refunds';
import { apiClient, type Json } from '../../../test/api-client';
import { startTestApi, type TestApi } from '../../../test/api-harness';
import { startPaystackFake, type PaystackFake } from '../../../test/fakes/paystack-fake';
import { createTenantFixture, type TenantFixture } from '../../../test/tenant-fixture';

const credentials = { secretKey: 'sk_test_refunds0000000000000000000000' };
const NGN = toCurrencyCode('NGN');

const one: Decimal = (() => {
  const parsed = parseDecimal(1, 0);
  if (!parsed.ok) throw new Error('1 is a decimal');
  return parsed.value;
})();

/**
 * Paystack refunds (`POST /refund` against the transaction id) are queued: the refund stays PENDING until
 * `refund.processed` or `refund.failed`, which do not echo our refund id, so the refund is found by Paystack's.
 */
describe('provider refunds (Paystack)', () => {
  let api: TestApi;
  let paystack: PaystackFake;
  let gateway: PaymentGateway;
  let tenant: TenantFixture;
  let providerId: string;

  beforeAll(async () => {
    api = await startTestApi({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    paystack = await startPaystackFake(credentials);
    gateway = createGateway(
      { provider: 'PAYSTACK', credentials },
      { apiBaseUrl: paystack.url, allowPrivateTargets: true, clock: systemClock },
    );
  });
  afterAll(async () => {
    await paystack.close();
    await api.close();
  });
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
    const configured = await call('POST', '/payment-providers', {
      body: { provider: 'PAYSTACK', credentials, apiBaseUrl: paystack.url },
    });
    expect(configured.status).toBe(201);
    providerId = String(configured.body.id);
  });

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const store = () => tenantSql(api.orm, tenant.tenantId);
  const sql = <T>(text: string, params: unknown[] = []) =>
    api.orm.em
      .getConnection()
      .execute<T[]>(text.replaceAll('$schema', `"${tenantSchemaName(tenant.tenantId)}"`), params);

  let sequence = 0;
  /** A SUCCEEDED Paystack payment of 5,000.00 NGN: a transaction paid at the fake, its id recorded. */
  const paidThroughPaystack = async () => {
    const n = ++sequence;
    const customer = await call('POST', '/customers', {
      body: { externalId: `pr-${n}`, email: `pr${n}@example.com`, currency: 'NGN' },
    });
    const customerId = String(customer.body.id);
    const now = new Date();
    const created = await createManualInvoice(store(), {
      customerId,
      items: [{ description: 'Service', quantity: one, unitAmount: 5000 }],
      now,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const opened = await finalizeInvoice(store(), created.value.id, now);
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const paymentId = newId('payment');
    const checkout = await gateway.createCheckout({
      reference: paymentId,
      amountMinor: 500000n,
      currency: NGN,
      description: 'Invoice',
      customerEmail: `pr${n}@example.com`,
      phoneNumber: null,
      successUrl: 'https://tenant.example/paid',
      cancelUrl: null,
      callbackUrl: `${api.url}/api/webhooks/paystack`,
      expiresAt: new Date(now.getTime() + 3600_000),
      idempotencyKey: `checkout:${paymentId}`,
    });
    paystack.completePayment(paymentId);
    const verified = await gateway.verifyPayment({
      reference: paymentId,
      providerCheckoutId: checkout.providerCheckoutId,
      amountMinor: 500000n,
      currency: NGN,
    });
    if (verified.status !== 'succeeded') throw new Error('the fake did not capture the payment');
    await sql(
      `insert into $schema.payments (id, invoice_id, customer_id, amount_minor, currency, provider, status,
         provider_reference, provider_id, succeeded_at)
       values (?, ?, ?, 500000, 'NGN', 'PAYSTACK', 'SUCCEEDED', ?, ?, now())`,
      [paymentId, opened.value.id, customerId, verified.providerReference, providerId],
    );
    return { paymentId, transactionId: verified.providerReference };
  };
  const refund = (paymentId: string, body: Json = {}) => call('POST', `/payments/${paymentId}/refund`, { body });
  const payment = async (paymentId: string) => (await call('GET', `/payments/${paymentId}`)).body;
  const refundNotification = (refundId: string, outcome: 'succeeded' | 'failed') => {
    const sent = paystack.refundNotification(refundId, api.url, outcome);
    const headers = Object.fromEntries(
      Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const parsed = gateway.verifyNotification(
      { rawBody: Buffer.from(sent.body), headers, query: {}, receivedAt: new Date() },
      { credentials, callbackTokenHash: null },
    );
    if (parsed?.kind !== 'refund') throw new Error(`not a refund notification: ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const apply = (paymentId: string, parsed: Extract<ParsedNotification, { kind: 'refund' }>) =>
    applyRefundNotification(store(), {
      paymentId,
      refundId: parsed.refundId,
      providerRefundId: parsed.providerRefundId,
      outcome: parsed.outcome,
      failureReason: parsed.failureReason,
      now: new Date(),
    });

  it('queues the refund at Paystack (PENDING) and completes it on refund.processed, found by Paystack’s id', async () => {
    const { paymentId, transactionId } = await paidThroughPaystack();
    const { status, body } = await refund(paymentId, { amount: 1200.5, reason: 'Damaged' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'PENDING', amount: 1200.5, currency: 'NGN' });
    const sent = paystack.requests.filter((request) => request.path === '/refund');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({
      transaction: transactionId,
      amount: 120050,
      merchant_note: `Damaged (${String(body.id)})`,
    });
    const notification = refundNotification(String(body.id), 'succeeded');
    expect(notification).toMatchObject({ refundId: null, providerRefundId: body.providerReference });
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: true });
    expect(await payment(paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      amountRefunded: 1200.5,
      refunds: [expect.objectContaining({ id: body.id, status: 'SUCCEEDED' })],
    });
  });

  it('fails the refund on refund.failed and frees the cap', async () => {
    const { paymentId } = await paidThroughPaystack();
    const { body } = await refund(paymentId);
    expect(body).toMatchObject({ status: 'PENDING', amount: 5000 });
    expect(await apply(paymentId, refundNotification(String(body.id), 'failed'))).toMatchObject({ changed: true });
    const [row] = (await payment(paymentId)).refunds as Json[];
    expect(row).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('refund.failed') as unknown });
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0 });
  });

  it('matches a notification that overtook the refund call’s answer to the one PENDING refund without an id', async () => {
    const { paymentId } = await paidThroughPaystack();
    const { body } = await refund(paymentId, { amount: 100 });
    // As if the answer carrying Paystack's id had not been stored yet when the notification came.
    await sql('update $schema.refunds set provider_refund_id = null where id = ?', [body.id]);
    const notification = refundNotification(String(body.id), 'succeeded');
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: true });
    expect((await payment(paymentId)).refunds).toEqual([
      expect.objectContaining({ id: body.id, status: 'SUCCEEDED', providerReference: notification.providerRefundId }),
    ]);
  });
});
