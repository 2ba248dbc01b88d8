import { tenantSql } from '../../../infra/db/tenant-sql';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { apiClient } from '../../../test/harness/api-client';
import { ownDatabase } from '../../../test/harness/own-database';
import { waitForValue } from '../../../test/harness/wait-for';
import {
  checkout,
  openInvoice,
  outboundEvents,
  paymentWhen,
  startSandboxPath,
  type PayingTenant,
  type PaymentPath,
} from '../../../test/scenarios/payment-path';

const database = ownDatabase();

/**
 * The SANDBOX provider through the real API and a worker process: configured without credentials, checkout, Pay and
 * Decline by the API call (the signed notification, the workflow's verification through the sandbox API), refunds,
 * and sandbox payments left out of analytics.
 */
describe('SANDBOX payments through the API and a worker', () => {
  let path: PaymentPath;
  let payer: PayingTenant;

  beforeAll(async () => {
    ({ path, payer } = await startSandboxPath('sandbox', database.env()));
  });
  afterAll(() => path.close());

  const newPayment = async (currency = 'EUR', amount = 42.5) => {
    const invoiceId = await openInvoice(payer, currency, amount);
    const payment = await checkout(payer, invoiceId);
    return { invoiceId, payment, paymentId: String(payment.id) };
  };
  /** The outbound events about these payments and their invoices' payment, in the order recorded. */
  const eventsOf = async (ids: string[]) =>
    (await outboundEvents(path.api, payer)).filter(
      (event) => ids.includes(event.id) && (event.type.startsWith('payment.') || event.type === 'invoice.paid'),
    );

  it('is configured without credentials, shows none, and passes the connection test', async () => {
    const provider = await payer.call('GET', `/payment-providers/${payer.providerId}`);
    expect(provider.body).toMatchObject({ provider: 'SANDBOX', supportedCurrencies: [] });
    expect(JSON.stringify(provider.body.credentials)).not.toMatch(/sbx_whsec_[A-Za-z0-9_-]{8}/);
    const tested = await payer.call('POST', `/payment-providers/${payer.providerId}/test`);
    expect(tested.body).toMatchObject({ ok: true, provider: 'SANDBOX' });
    // Its credentials are the platform's to make: none taken on creation, none changed by PATCH.
    const patched = await payer.call('PATCH', `/payment-providers/${payer.providerId}`, {
      body: { credentials: { webhookSecret: 'whsec_mine' } },
    });
    expect(patched.status).toBe(400);
    expect(
      (await payer.call('PATCH', `/payment-providers/${payer.providerId}`, { body: { name: 'Try' } })).status,
    ).toBe(200);
    const other = await createTenantFixture(path.api.orm, path.api.config);
    const otherCall = apiClient(() => ({ baseUrl: `${path.api.url}/api`, token: other.apiKey }));
    const withCredentials = await otherCall('POST', '/payment-providers', {
      body: { provider: 'SANDBOX', credentials: { secretKey: 'sk_mine' } },
    });
    expect(withCredentials.status).toBe(400);
    const stripeWithout = await otherCall('POST', '/payment-providers', { body: { provider: 'STRIPE' } });
    expect(stripeWithout.body).toMatchObject({
      statusCode: 400,
      details: [expect.objectContaining({ path: 'body.credentials' })],
    });
  });

  it('pays through the API call: SUCCEEDED, the invoice PAID, payment.succeeded then invoice.paid; once only', async () => {
    const { invoiceId, payment, paymentId } = await newPayment();
    expect(payment).toMatchObject({ status: 'PENDING', provider: 'SANDBOX', amount: 42.5, currency: 'EUR' });
    expect(String(payment.checkoutUrl)).toMatch(new RegExp(`^${path.api.url}/sandbox/checkout/cs_sbx_[\\w-]+$`));

    const paid = await payer.call('POST', `/payments/${paymentId}/sandbox/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentId, status: 'PAID', notified: true });

    const succeeded = await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(succeeded.events).toEqual([expect.objectContaining({ type: 'checkout.paid' })]);
    const invoice = await payer.call('GET', `/invoices/${invoiceId}`);
    expect(invoice.body).toMatchObject({ status: 'PAID', amountPaid: 42.5, amountDue: 0 });
    expect(await eventsOf([paymentId, invoiceId])).toEqual([
      { type: 'payment.succeeded', id: paymentId },
      { type: 'invoice.paid', id: invoiceId },
    ]);

    const again = await payer.call('POST', `/payments/${paymentId}/sandbox/decline`);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'sandbox_checkout_closed' });
  });

  it('declines through the API call: the payment FAILED (declined), payment.failed, the invoice still OPEN', async () => {
    const { invoiceId, paymentId } = await newPayment('JPY', 1200);
    const declined = await payer.call('POST', `/payments/${paymentId}/sandbox/decline`);
    expect(declined.body).toMatchObject({ status: 'DECLINED', notified: true });

    const failed = await paymentWhen(payer, paymentId, 'FAILED');
    expect(failed).toMatchObject({ failureReason: 'declined' });
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'OPEN', amountDue: 1200 });
    expect(await eventsOf([paymentId, invoiceId])).toEqual([{ type: 'payment.failed', id: paymentId }]);
    // The invoice takes a new checkout at once.
    expect((await payer.call('POST', `/invoices/${invoiceId}/checkout`, { body: {} })).status).toBe(201);
  });

  it('expires the sandbox checkout of an invoice voided while it was open: its page takes no payment', async () => {
    const { invoiceId, paymentId } = await newPayment('EUR', 15);
    expect((await payer.call('POST', `/invoices/${invoiceId}/void`)).status).toBe(200);
    expect(await paymentWhen(payer, paymentId, 'FAILED')).toMatchObject({ failureReason: 'canceled' });
    await waitForValue('the sandbox checkout expired', async () => {
      const [checkout] = await path.api.orm.em
        .getConnection()
        .execute<{ status: string }[]>('select status from central.sandbox_checkouts where reference = ?', [paymentId]);
      return checkout?.status === 'EXPIRED' ? checkout : undefined;
    });
    const paid = await payer.call('POST', `/payments/${paymentId}/sandbox/pay`);
    expect(paid.body).toMatchObject({ statusCode: 409, error: 'sandbox_checkout_closed' });
    expect(await paymentWhen(payer, paymentId, 'FAILED')).toMatchObject({ failureReason: 'canceled' });
  });

  it('refunds a paid sandbox payment at once: SUCCEEDED, PARTIALLY_REFUNDED then REFUNDED', async () => {
    const { paymentId } = await newPayment('USD', 30);
    await payer.call('POST', `/payments/${paymentId}/sandbox/pay`);
    await paymentWhen(payer, paymentId, 'SUCCEEDED');

    const partial = await payer.call('POST', `/payments/${paymentId}/refund`, { body: { amount: 10 } });
    expect(partial.body).toMatchObject({
      status: 'SUCCEEDED',
      amount: 10,
      providerReference: expect.stringMatching(/^re_sbx_/) as unknown,
    });
    await paymentWhen(payer, paymentId, 'PARTIALLY_REFUNDED');
    const rest = await payer.call('POST', `/payments/${paymentId}/refund`, { body: {} });
    expect(rest.body).toMatchObject({ status: 'SUCCEEDED', amount: 20 });
    expect(await paymentWhen(payer, paymentId, 'REFUNDED')).toMatchObject({ amountRefunded: 30 });
    expect((await eventsOf([paymentId])).map((event) => event.type)).toEqual([
      'payment.succeeded',
      'payment.refunded',
      'payment.refunded',
    ]);
  });

  it('leaves sandbox payments and refunds out of payment analytics', async () => {
    const analytics = await payer.call('GET', '/analytics/payments');
    expect(analytics.status).toBe(200);
    expect(analytics.body).toMatchObject({ byCurrency: [] });
    const revenue = await payer.call('GET', '/analytics/net-revenue');
    expect(revenue.status).toBe(200);
    // The USD invoice is counted (it was billed); the sandbox refunds of its payment are not.
    const usd = (revenue.body.byCurrency as { currency: string }[]).find((row) => row.currency === 'USD');
    expect(usd).toMatchObject({ gross: 30, refunds: 0 });
    // The monthly cash rollup (what whole months are read from) never counted them either.
    const sql = tenantSql(path.api.orm, payer.tenant.tenantId);
    expect(await sql.query(`select * from ${sql.table('analytics_cash_months')}`)).toEqual([]);
  });

  it('answers 404 for another tenant’s payment and 401 without a key; the sandbox API refuses other keys', async () => {
    const { paymentId } = await newPayment();
    const other = await createTenantFixture(path.api.orm, path.api.config);
    const otherCall = apiClient(() => ({ baseUrl: `${path.api.url}/api`, token: other.apiKey }));
    expect((await otherCall('POST', `/payments/${paymentId}/sandbox/pay`)).body).toMatchObject({
      statusCode: 404,
      error: 'payment_not_found',
    });
    const anonymous = apiClient(() => ({ baseUrl: `${path.api.url}/api` }));
    expect((await anonymous('POST', `/payments/${paymentId}/sandbox/pay`)).status).toBe(401);
    const forged = await fetch(`${path.api.url}/sandbox/v1/account`, {
      headers: { authorization: 'Bearer sbx_sk_x.y' },
    });
    expect(forged.status).toBe(401);
    // The sandbox API is provider traffic: counted in the provider window, not the anonymous per-IP one.
    expect(forged.headers.get('ratelimit-limit')).toBe('6000');
    expect((await payer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({ status: 'PENDING' });
  });
});
