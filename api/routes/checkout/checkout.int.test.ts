import { waitForValue } from '../../../test/harness/wait-for';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCOPES } from '../../../domain/auth/scopes';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { systemClock } from '../../../infra/clock';
import { ensureInvoiceCheckout } from '../../../services/payments/checkout';
import { markInvoiceUncollectible } from '../../../services/billing/invoices';
import { requireId } from '../../../domain/ids';
import { createGateway } from '../../../services/payments/gateways';
import { findPayment } from '../../../services/payments/records';
import { apiClient } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import {
  configureProvider,
  openInvoice,
  STRIPE_TEST_CREDENTIALS,
} from '../../../test/fixtures/provider-payment-fixture';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { sealUnboundSecret } from '../../../test/fixtures/unbound-secret';

const MPESA_CREDENTIALS = {
  consumerKey: 'checkoutConsumerKey',
  consumerSecret: 'checkoutConsumerSecret',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  environment: 'sandbox',
};
const HOUR = 3_600_000;

/** POST /invoices/:id/checkout through the real app, a worker running the payment workflow, and the Stripe fake. */
describe('POST /invoices/:id/checkout', () => {
  const { api, tenant } = setUpResourceTest({
    api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;

  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => stripe.close());

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const checkout = (invoiceId: unknown, body: object = {}) =>
    call('POST', `/invoices/${String(invoiceId)}/checkout`, { body });
  const stripeProvider = (options: { isDefault?: boolean; supportedCurrencies?: string[] } = {}) =>
    configureProvider(call, {
      provider: 'STRIPE',
      credentials: STRIPE_TEST_CREDENTIALS,
      apiBaseUrl: stripe.url,
      ...options,
    });
  const storedPayment = async (id: unknown) => (await findPayment(tenantSql(api.orm, tenant.tenantId), String(id)))!;

  test('creates a PENDING payment with the provider’s checkout (201), then returns that open payment (200)', async () => {
    await stripeProvider();
    const invoice = await openInvoice(call, { currency: 'USD', amount: 49.99 });
    const before = Date.now();
    const created = await checkout(invoice.id, { successUrl: 'https://tenant.example/paid' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      amount: 49.99,
      currency: 'USD',
      provider: 'STRIPE',
      status: 'PENDING',
      refunds: [],
      events: [],
    });
    const session = stripe.sessions().find((candidate) => candidate.client_reference_id === created.body.id)!;
    expect(created.body.checkoutUrl).toBe(session.url);
    const expiresIn = Date.parse(String(created.body.expiresAt)) - before;
    expect(expiresIn).toBeGreaterThan(24 * HOUR - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * HOUR + 60_000);

    const again = await checkout(invoice.id, { providerId: 'ignored-while-a-checkout-is-open' });
    expect([again.status, again.body.id, again.body.checkoutUrl]).toEqual([200, created.body.id, session.url]);
    expect(stripe.sessions().filter((candidate) => candidate.client_reference_id === created.body.id)).toHaveLength(1);
  });

  test('concurrent checkouts of one invoice make one payment', async () => {
    await stripeProvider();
    const invoice = await openInvoice(call, { currency: 'USD', amount: 12 });
    const replies = await Promise.all([checkout(invoice.id), checkout(invoice.id), checkout(invoice.id)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect((await call('GET', `/payments?invoiceId=${String(invoice.id)}`)).body.data).toHaveLength(1);
  });

  test('chooses the default provider when it takes the currency, else the oldest that does', async () => {
    const stripeId = await stripeProvider();
    await configureProvider(call, {
      provider: 'MPESA',
      credentials: MPESA_CREDENTIALS,
      apiBaseUrl: stripe.url,
      isDefault: true,
    });
    const usd = await openInvoice(call, { currency: 'USD', amount: 10 });
    const created = await checkout(usd.id);
    expect([created.status, created.body.provider]).toEqual([201, 'STRIPE']);
    expect((await storedPayment(created.body.id)).providerId).toBe(stripeId);
  });

  test('refuses what cannot be collected: 404, 409 and 400 naming the field', async () => {
    const usd = await openInvoice(call, { currency: 'USD', amount: 10 });
    expect((await checkout(usd.id)).body).toMatchObject({ statusCode: 409, error: 'no_payment_provider' });

    const mpesaId = await configureProvider(call, {
      provider: 'MPESA',
      credentials: MPESA_CREDENTIALS,
      apiBaseUrl: stripe.url,
    });
    expect((await checkout(usd.id, { providerId: mpesaId })).body).toMatchObject({
      statusCode: 409,
      error: 'provider_currency_unsupported',
    });
    expect((await checkout(usd.id, { providerId: 'pp_unknown' })).body).toMatchObject({
      statusCode: 404,
      error: 'payment_provider_not_found',
    });
    const kes = await openInvoice(call, { currency: 'KES', amount: 100 });
    const noPhone = await checkout(kes.id);
    expect(noPhone.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    expect(String(noPhone.body.message)).toContain('body.phoneNumber');
    const badPhone = await checkout(kes.id, { phoneNumber: '0712345678' });
    expect([badPhone.status, String(badPhone.body.message)]).toEqual([400, expect.stringContaining('phoneNumber')]);
    const unknownField = await checkout(kes.id, { amount: 5 });
    expect(unknownField.status).toBe(400);

    expect((await checkout('inv_01JF0000000000000000000000')).body).toMatchObject({
      statusCode: 404,
      error: 'invoice_not_found',
    });
    const other = await createTenantFixture(api.orm, api.config);
    expect((await call('POST', `/invoices/${String(usd.id)}/checkout`, { token: other.apiKey, body: {} })).status).toBe(
      404,
    );
  });

  test('takes an UNCOLLECTIBLE invoice (CONTRACT §12: it keeps its amount due)', async () => {
    await stripeProvider();
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const sql = tenantSql(api.orm, tenant.tenantId);
    expect((await markInvoiceUncollectible(sql, requireId('invoice', String(invoice.id)), new Date())).ok).toBe(true);
    const created = await checkout(invoice.id);
    expect([created.status, created.body.amount, created.body.status]).toEqual([201, 10, 'PENDING']);
  });

  test('refuses DRAFT, PAID and VOIDED invoices with 409 invalid_state_transition', async () => {
    await stripeProvider();
    const paid = await openInvoice(call, { currency: 'USD', amount: 10 });
    await call('POST', `/invoices/${String(paid.id)}/mark-paid`);
    const voided = await openInvoice(call, { currency: 'USD', amount: 10 });
    await call('POST', `/invoices/${String(voided.id)}/void`);
    const customer = paid.customerId;
    const draft = await call('POST', '/invoices', {
      body: { customerId: customer, items: [{ description: 'x', quantity: 1, unitAmount: 5 }] },
    });
    for (const id of [paid.id, voided.id, draft.body.id]) {
      expect((await checkout(id)).body).toMatchObject({ statusCode: 409, error: 'invalid_state_transition' });
    }
  });

  test('a provider refusal is 502 payment_provider_error with its message, and the payment FAILED', async () => {
    await stripeProvider();
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    stripe.failNextCall('/v1/checkout/sessions', 400, {
      error: { type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' },
    });
    const before = Date.now();
    const refused = await checkout(invoice.id);
    expect(Date.now() - before).toBeLessThan(5_000);
    expect(refused.body).toMatchObject({ statusCode: 502, error: 'payment_provider_error' });
    expect(String(refused.body.message)).toContain('payment provider STRIPE');
    expect(String(refused.body.message)).toContain('cannot currently make live charges');
    const payments = await call('GET', `/payments?invoiceId=${String(invoice.id)}`);
    expect(payments.body.data).toEqual([
      expect.objectContaining({ status: 'FAILED', failureReason: expect.stringContaining('live charges') as unknown }),
    ]);
    // The invoice takes a new checkout at once.
    expect((await checkout(invoice.id)).status).toBe(201);
  });

  test('a provider that cannot be reached is a 502 naming it within the request’s wait, never 503', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await configureProvider(call, {
      provider: 'STRIPE',
      credentials: STRIPE_TEST_CREDENTIALS,
      apiBaseUrl: `http://127.0.0.1:${String(port)}`,
    });
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const before = Date.now();
    const refused = await checkout(invoice.id);
    expect(Date.now() - before).toBeLessThan(15_000);
    expect(refused.body).toMatchObject({ statusCode: 502, error: 'payment_provider_error' });
    expect(String(refused.body.message)).toMatch(/payment provider STRIPE .*could not be reached/);
    const payments = await call('GET', `/payments?invoiceId=${String(invoice.id)}`);
    expect(payments.body.data).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  test('credentials that no longer open (another ENCRYPTION_KEY) are a 502 at once, not retried', async () => {
    const providerId = await stripeProvider();
    const sql = tenantSql(api.orm, tenant.tenantId);
    const otherKey = Buffer.alloc(32, 9);
    expect(otherKey.equals(api.config.encryptionKey)).toBe(false);
    await sql.query(`update ${sql.table('payment_providers')} set sealed_credentials = ? where id = ?`, [
      sealUnboundSecret(JSON.stringify(STRIPE_TEST_CREDENTIALS), otherKey),
      providerId,
    ]);
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const refused = await checkout(invoice.id);
    expect(refused.body).toMatchObject({ statusCode: 502, error: 'payment_provider_error' });
    expect(String(refused.body.message)).toContain('can no longer be read');
    expect(refused.text).not.toContain(STRIPE_TEST_CREDENTIALS.secretKey);
  });

  test('mark-paid and void fail the invoice’s open checkout as canceled and expire its Stripe session', async () => {
    await stripeProvider();
    for (const action of ['mark-paid', 'void']) {
      const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
      const created = await checkout(invoice.id);
      expect((await call('POST', `/invoices/${String(invoice.id)}/${action}`)).status).toBe(200);
      const payment = await storedPayment(created.body.id);
      expect([payment.status, payment.failureReason]).toEqual(['FAILED', 'canceled']);
      const session = stripe.sessions().find((candidate) => candidate.client_reference_id === created.body.id)!;
      await waitForValue(`the session of ${String(created.body.id)} expired`, () =>
        session.status === 'expired' ? true : undefined,
      );
      const expiry = stripe.requests.find((request) => request.path === `/v1/checkout/sessions/${session.id}/expire`);
      expect(expiry?.method).toBe('POST');
    }
  });

  test('ensureInvoiceCheckout (the e-mail link) reuses the open checkout, creates one, or gives null with no provider', async () => {
    const deps = { orm: api.orm, config: api.config, clock: systemClock, temporal: api.temporal };
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const request = { tenantId: tenant.tenantId, invoiceId: String(invoice.id) };
    expect(await ensureInvoiceCheckout(deps, request)).toBeNull();

    await stripeProvider();
    const first = await ensureInvoiceCheckout(deps, request);
    expect(first?.checkoutUrl).toMatch(/^https?:\/\//);
    expect(await ensureInvoiceCheckout(deps, request)).toEqual(first);
    const payments = await call('GET', `/payments?invoiceId=${String(invoice.id)}`);
    expect(payments.body.data).toEqual([
      expect.objectContaining({ status: 'PENDING', checkoutUrl: first?.checkoutUrl }),
    ]);
  });

  test('needs an API key with payments:write', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const path = `/invoices/${String(invoice.id)}/checkout`;
    expect((await call('POST', path, { token: null, body: {} })).status).toBe(401);
    const readOnly = await createTenantFixture(api.orm, api.config, {
      scopes: SCOPES.filter((scope) => scope !== 'payments:write'),
    });
    const forbidden = await call('POST', path, { token: readOnly.apiKey, body: {} });
    expect([forbidden.status, String(forbidden.body.message)]).toEqual([
      403,
      expect.stringContaining('payments:write'),
    ]);
  });
});

describe('POST /invoices/:id/checkout with no worker running', () => {
  let api: TestApi;
  let stripe: StripeFake;

  beforeAll(async () => {
    api = await startTestApi({
      env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('checkout-no-worker'), WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      temporal: { updateTimeoutMs: 1_000 },
    });
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(async () => {
    await stripe.close();
    await api.close();
  });

  test('answers 503 temporal_unavailable and leaves the PENDING payment for the next request', async () => {
    const tenant = await createTenantFixture(api.orm, api.config);
    const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const reply = await call('POST', `/invoices/${String(invoice.id)}/checkout`, { body: {} });
    expect([reply.status, reply.body.error]).toEqual([503, 'temporal_unavailable']);
    const payments = await call('GET', `/payments?invoiceId=${String(invoice.id)}`);
    expect(payments.body.data).toEqual([expect.objectContaining({ status: 'PENDING', checkoutUrl: null })]);
  });
});
