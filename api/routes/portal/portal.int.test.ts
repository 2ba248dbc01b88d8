import { SCOPES } from '../../../domain/auth/scopes';
import { newId } from '../../../infra/ids';
import { createGateway } from '../../../services/payments/gateways';
import { generateApiKeySecret } from '../../../services/platform/api-keys';
import type { Json } from '../../../test/harness/api-client';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import { configureProvider, STRIPE_TEST_CREDENTIALS } from '../../../test/fixtures/provider-payment-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';

const HOUR = 3_600_000;

/** The portal API (CONTRACT §14) through the real app, a worker for the payment workflow, and the Stripe fake. */
describe('/portal/customers/:externalId', () => {
  const { api, tenant, call, createCustomer } = setUpResourceTest({
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => stripe.close());

  const portal = (externalId: string, rest: string, options: { method?: string; body?: Json; token?: string } = {}) =>
    call(options.method ?? 'GET', `/portal/customers/${encodeURIComponent(externalId)}/${rest}`, options);

  async function customer(overrides: Json = {}): Promise<{ id: string; externalId: string }> {
    const externalId = `portal-${newId('customer').slice(-10)}`;
    return { id: await createCustomer({ externalId, ...overrides }), externalId };
  }

  /** A manual invoice of the customer: OPEN unless `draft`. */
  async function invoice(customerId: string, amount: number, options: { currency?: string; draft?: boolean } = {}) {
    const draft = await call('POST', '/invoices', {
      body: {
        customerId,
        currency: options.currency ?? 'USD',
        items: [{ description: 'Consulting', quantity: 1, unitAmount: amount }],
      },
    });
    if (draft.status !== 201) throw new Error(`invoice: ${draft.status} ${draft.text}`);
    if (options.draft === true) return draft.body;
    const open = await call('POST', `/invoices/${String(draft.body.id)}/finalize`);
    if (open.status !== 200) throw new Error(`finalize: ${open.status} ${open.text}`);
    return open.body;
  }

  async function keyWith(scopes: readonly string[]): Promise<string> {
    const secret = generateApiKeySecret();
    await api.orm.em
      .getConnection()
      .execute(
        'insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash) values (?, ?, ?, ?::jsonb, ?, ?)',
        [newId('apiKey'), tenant.tenantId, 'Portal', JSON.stringify(scopes), secret.prefix, secret.hash],
        'run',
      );
    return secret.value;
  }

  test('billing: live subscriptions, amounts due per currency, the ACTIVE wallet and the next invoice', async () => {
    const { id, externalId } = await customer();
    const plan = await call('POST', '/plans', {
      body: {
        name: 'Metered',
        code: `portal-${newId('plan').slice(-8).toLowerCase()}`,
        billingInterval: 'MONTHLY',
        billingTiming: 'IN_ARREARS',
        prices: [{ currency: 'USD', amount: 30 }],
      },
    });
    const subscription = await call('POST', '/subscriptions', {
      body: { customerId: id, planId: plan.body.id, currency: 'USD' },
    });
    expect(subscription.status).toBe(201);
    await invoice(id, 10);
    await invoice(id, 5.5);
    await invoice(id, 7, { currency: 'EUR' });
    await invoice(id, 100, { draft: true });
    const wallet = await call('POST', '/wallets', { body: { customerId: id, grantedCredits: 20 } });
    expect(wallet.status).toBe(201);

    const billing = await portal(externalId, 'billing');
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({
      customer: { id, externalId },
      subscriptions: [{ id: subscription.body.id, status: 'ACTIVE' }],
      outstanding: [
        { currency: 'EUR', amountDue: 7 },
        { currency: 'USD', amountDue: 15.5 },
      ],
      wallet: { id: wallet.body.id, balance: 20, ongoingBalance: 20 },
      nextInvoiceAt: subscription.body.currentPeriodEnd,
    });
  });

  test('billing: a PAUSED subscription is listed, but its period end is no next invoice', async () => {
    const { id, externalId } = await customer();
    const subscribe = async (billingInterval: string) => {
      const plan = await call('POST', '/plans', {
        body: {
          name: billingInterval,
          code: `portal-${newId('plan').slice(-8).toLowerCase()}`,
          billingInterval,
          billingTiming: 'IN_ARREARS',
          prices: [{ currency: 'USD', amount: 30 }],
        },
      });
      const made = await call('POST', '/subscriptions', {
        body: { customerId: id, planId: plan.body.id, currency: 'USD' },
      });
      expect(made.status).toBe(201);
      return made.body;
    };
    const yearly = await subscribe('YEARLY');
    const monthly = await subscribe('MONTHLY');
    const paused = await call('POST', `/subscriptions/${String(monthly.id)}/pause`);
    expect([paused.status, paused.body.status]).toEqual([200, 'PAUSED']);
    const billing = await portal(externalId, 'billing');
    expect((billing.body.subscriptions as Json[]).map((each) => each.id).sort()).toEqual(
      [yearly.id, monthly.id].sort(),
    );
    expect(billing.body.nextInvoiceAt).toBe(yearly.currentPeriodEnd);
  });

  test('billing of a customer with nothing: no subscriptions, nothing due, no wallet, no next invoice', async () => {
    const { externalId } = await customer();
    expect((await portal(externalId, 'billing')).body).toMatchObject({
      subscriptions: [],
      outstanding: [],
      wallet: null,
      nextInvoiceAt: null,
    });
  });

  test('invoices: the customer’s own, newest first, DRAFTs never shown', async () => {
    const { id, externalId } = await customer();
    const other = await customer();
    const first = await invoice(id, 10);
    await invoice(id, 20, { draft: true });
    const second = await invoice(id, 30);
    await invoice(other.id, 40);

    const listed = await portal(externalId, 'invoices');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: second.id, status: 'OPEN', total: 30 }),
      expect.objectContaining({ id: first.id, status: 'OPEN', total: 10 }),
    ]);
    expect(listed.body.meta).toEqual({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect((await portal(externalId, 'invoices?limit=1&page=2')).body.data).toEqual([
      expect.objectContaining({ id: first.id }),
    ]);
  });

  test('checkout: the customer’s OPEN invoice through the provider; a DRAFT and another customer’s invoice are 404', async () => {
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    const { id, externalId } = await customer();
    const other = await customer();
    const open = await invoice(id, 49.99);
    const draft = await invoice(id, 12, { draft: true });
    const foreign = await invoice(other.id, 8);
    const checkout = (invoiceId: unknown, body: Json = {}) =>
      portal(externalId, `invoices/${String(invoiceId)}/checkout`, { method: 'POST', body });

    const created = await checkout(open.id, { successUrl: 'https://tenant.example/paid' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ invoiceId: open.id, customerId: id, amount: 49.99, status: 'PENDING' });
    const session = stripe.sessions().find((candidate) => candidate.client_reference_id === created.body.id);
    expect(created.body.checkoutUrl).toBe(session?.url);
    const again = await checkout(open.id);
    expect([again.status, again.body.id]).toEqual([200, created.body.id]);

    for (const hidden of [draft.id, foreign.id, 'inv_01JF0000000000000000000000', 'not-an-id']) {
      expect((await checkout(hidden)).body).toMatchObject({ statusCode: 404, error: 'invoice_not_found' });
    }
    expect((await call('GET', `/payments?invoiceId=${String(foreign.id)}`)).body.data).toEqual([]);
    expect((await checkout(open.id, { unknown: 1 })).status).toBe(400);

    const payments = await portal(externalId, 'payments');
    expect(payments.body.data).toEqual([expect.objectContaining({ id: created.body.id, refunds: [] })]);
    expect((await portal(other.externalId, 'payments')).body.data).toEqual([]);
  });

  test('subscriptions: every one of the customer’s, canceled included; billing shows the live ones', async () => {
    const { id, externalId } = await customer();
    const plan = await call('POST', '/plans', {
      body: {
        name: 'Basic',
        code: `portal-${newId('plan').slice(-8).toLowerCase()}`,
        billingInterval: 'MONTHLY',
        billingTiming: 'IN_ARREARS',
        prices: [{ currency: 'USD', amount: 30 }],
      },
    });
    const subscribe = () =>
      call('POST', '/subscriptions', { body: { customerId: id, planId: plan.body.id, currency: 'USD' } });
    const ended = (await subscribe()).body;
    const live = (await subscribe()).body;
    const canceled = await call('POST', `/subscriptions/${String(ended.id)}/cancel`, { body: { cancelAt: 'now' } });
    expect([canceled.status, canceled.body.status]).toEqual([200, 'CANCELED']);

    expect((await portal(externalId, 'subscriptions')).body).toMatchObject({
      data: [
        { id: live.id, status: 'ACTIVE' },
        { id: ended.id, status: 'CANCELED' },
      ],
      meta: { total: 2 },
    });
    expect((await portal(externalId, 'billing')).body).toMatchObject({ subscriptions: [{ id: live.id }] });
  });

  test('sessions: a link under PUBLIC_URL for one hour; bad input is 400 naming the field', async () => {
    const { externalId } = await customer();
    const before = Date.now();
    const created = await portal(externalId, 'sessions', {
      method: 'POST',
      body: { returnUrl: 'https://tenant.example/account', locale: 'de-DE' },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^pss_[0-9A-Z]{26}$/);
    expect(String(created.body.url)).toMatch(new RegExp(`^${api.config.publicUrl}/portal\\?token=[A-Za-z0-9_.%-]+$`));
    const lifetime = Date.parse(String(created.body.expiresAt)) - before;
    expect(lifetime).toBeGreaterThan(HOUR - 60_000);
    expect(lifetime).toBeLessThanOrEqual(HOUR + 60_000);

    const badUrl = await portal(externalId, 'sessions', { method: 'POST', body: { returnUrl: 'javascript:alert(1)' } });
    expect([badUrl.status, String(badUrl.body.message)]).toEqual([400, expect.stringContaining('returnUrl')]);
    const badLocale = await portal(externalId, 'sessions', { method: 'POST', body: { locale: '<script>' } });
    expect([badLocale.status, String(badLocale.body.message)]).toEqual([400, expect.stringContaining('locale')]);
    expect((await portal(externalId, 'sessions', { method: 'POST', body: { extra: true } })).status).toBe(400);
  });

  test('a soft-deleted customer is 404 on every route', async () => {
    const { id, externalId } = await customer();
    const open = await invoice(id, 10);
    await call('POST', `/invoices/${String(open.id)}/void`);
    expect((await call('DELETE', `/customers/${id}`)).status).toBe(200);
    for (const reply of [
      await portal(externalId, 'billing'),
      await portal(externalId, 'subscriptions'),
      await portal(externalId, 'invoices'),
      await portal(externalId, 'payments'),
      await portal(externalId, `invoices/${String(open.id)}/checkout`, { method: 'POST', body: {} }),
      await portal(externalId, 'sessions', { method: 'POST', body: {} }),
    ]) {
      expect(reply.body).toMatchObject({ statusCode: 404, error: 'customer_not_found' });
    }
  });

  test('another tenant’s customer is 404, even under the same externalId', async () => {
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = await customer();
    const theirInvoice = await invoice(theirs.id, 10);
    // The same externalId in the other tenant is another customer, with nothing.
    await createCustomer({ externalId: `${theirs.externalId}-b` }, { token: other.apiKey });
    const asOther = { token: other.apiKey };
    expect((await portal(theirs.externalId, 'billing', asOther)).body).toMatchObject({
      statusCode: 404,
      error: 'customer_not_found',
    });
    expect((await portal(theirs.externalId, 'invoices', asOther)).status).toBe(404);
    const checkout = `invoices/${String(theirInvoice.id)}/checkout`;
    expect((await portal(theirs.externalId, checkout, { ...asOther, method: 'POST', body: {} })).status).toBe(404);
    expect((await portal(theirs.externalId, 'sessions', { ...asOther, method: 'POST', body: {} })).status).toBe(404);
  });

  test('scopes: portal:read reads; the checkout and the session links need portal:write alone', async () => {
    const { id, externalId } = await customer();
    const open = await invoice(id, 10);
    const readOnly = await keyWith(['portal:read']);
    const writeOnly = await keyWith(['portal:write']);
    const everythingButPortal = await keyWith(SCOPES.filter((scope) => !scope.startsWith('portal:')));

    expect((await portal(externalId, 'billing', { token: readOnly })).status).toBe(200);
    for (const rest of ['billing', 'subscriptions', 'invoices', 'payments']) {
      expect((await portal(externalId, rest, { token: everythingButPortal })).body).toMatchObject({
        statusCode: 403,
        message: 'Missing scope: portal:read',
      });
    }
    for (const rest of [`invoices/${String(open.id)}/checkout`, 'sessions']) {
      expect((await portal(externalId, rest, { token: readOnly, method: 'POST', body: {} })).body).toMatchObject({
        statusCode: 403,
        message: 'Missing scope: portal:write',
      });
    }
    const link = await portal(externalId, 'sessions', { token: writeOnly, method: 'POST', body: {} });
    expect(link.status).toBe(201);
    expect((await call('GET', `/portal/customers/${externalId}/billing`, { token: null })).status).toBe(401);
  });
});
