import { apiClient, type ApiCallOptions, type Json } from '../../../test/harness/api-client';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const STRIPE = {
  provider: 'STRIPE',
  name: 'Stripe EU',
  credentials: { secretKey: 'sk_test_51NzQbWExampleKeyAbc4242', webhookSecret: 'whsec_5f1b0c2d4e6a8b9c0d1e2f3a9f3a' },
};
const PAYSTACK = { provider: 'PAYSTACK', credentials: { secretKey: 'sk_test_paystack000000000000001234' } };
const FLUTTERWAVE = {
  provider: 'FLUTTERWAVE',
  credentials: { secretKey: 'FLWSECK_TEST-3c9a8d2e1f0b4a5c6d7e-X', secretHash: 'my-secret-hash-value-5678' },
};
const MPESA = {
  provider: 'MPESA',
  credentials: {
    consumerKey: 'GvzjNnYgNJtwgwfLBkZh65VOwhlGbVDV',
    consumerSecret: 'X3nPPfo0Plk3vd2aQ1w2',
    shortcode: '174379',
    passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
    environment: 'sandbox',
  },
};
const SECRETS = [STRIPE, PAYSTACK, FLUTTERWAVE, MPESA].flatMap((body) =>
  Object.entries(body.credentials)
    .filter(([field]) => field !== 'shortcode' && field !== 'environment')
    .map(([, value]) => value),
);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('payment providers (/payment-providers)', () => {
  const { api, tenant } = setUpResourceTest({ api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } } });

  const client = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const call = async (method: string, path: string, options: ApiCallOptions = {}) => {
    const reply = await client(method, path, options);
    for (const secret of SECRETS) expect(reply.text).not.toContain(secret);
    return reply;
  };
  const create = (body: unknown) => call('POST', '/payment-providers', { body });
  const rowOf = async (id: string) => {
    const schema = `tenant_${tenant.tenantId.slice(4).toLowerCase()}`;
    const rows = await api.orm.em
      .getConnection()
      .execute<Json[]>(`select * from "${schema}".payment_providers where id = ?`, [id]);
    return rows[0];
  };

  it('configures a provider, showing masked credentials only and storing them sealed', async () => {
    const { status, body } = await create({ ...STRIPE, isDefault: true, supportedCurrencies: ['usd', 'Eur'] });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^pp_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      provider: 'STRIPE',
      name: 'Stripe EU',
      isDefault: true,
      supportedCurrencies: ['USD', 'EUR'],
      apiBaseUrl: null,
      credentials: { secretKey: 'sk_test_…4242', webhookSecret: 'whsec_…9f3a' },
      createdAt: expect.stringMatching(ISO) as unknown,
      updatedAt: expect.stringMatching(ISO) as unknown,
    });
    const row = await rowOf(body.id as string);
    expect(row?.sealed_credentials).toMatch(/^v2\./);
    for (const secret of SECRETS) expect(JSON.stringify(row)).not.toContain(secret);
    const fetched = await call('GET', `/payment-providers/${String(body.id)}`);
    expect(fetched).toEqual({ status: 200, body });
    const logs = JSON.stringify(api.logs());
    for (const secret of SECRETS) expect(logs).not.toContain(secret);
  });

  it('masks each provider’s credentials, showing the M-Pesa shortcode and environment', async () => {
    const flutterwave = await create(FLUTTERWAVE);
    expect(flutterwave.body.credentials).toEqual({ secretKey: 'FLWSECK_TEST-…7e-X', secretHash: '…5678' });
    const mpesa = await create(MPESA);
    expect(mpesa.body.credentials).toEqual({
      consumerKey: '…bVDV',
      consumerSecret: '…Q1w2',
      shortcode: '174379',
      passkey: '…c919',
      environment: 'sandbox',
    });
  });

  it('masks a secret ending in characters outside the BMP without splitting them', async () => {
    // Its last four UTF-16 units would be half an emoji, which jsonb refuses: the hint keeps whole characters.
    const reply = await create({
      provider: 'STRIPE',
      credentials: { secretKey: 'sk_test_0123456789abcdef😀😀x', webhookSecret: 'whsec_0123456789abcdef012😀😀x' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.credentials).toEqual({ secretKey: 'sk_test_…f😀😀x', webhookSecret: 'whsec_…2😀😀x' });
  });

  it('answers 409 for a second configuration of the same provider', async () => {
    expect((await create(PAYSTACK)).status).toBe(201);
    const second = await create(PAYSTACK);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('payment_provider_exists');
  });

  it('keeps one default: setting it clears the others', async () => {
    const stripe = await create({ ...STRIPE, isDefault: true });
    const paystack = await create({ ...PAYSTACK, isDefault: true });
    expect((await call('GET', `/payment-providers/${String(stripe.body.id)}`)).body.isDefault).toBe(false);
    expect(paystack.body.isDefault).toBe(true);
    const patched = await call('PATCH', `/payment-providers/${String(stripe.body.id)}`, { body: { isDefault: true } });
    expect(patched.body.isDefault).toBe(true);
    expect((await call('GET', `/payment-providers/${String(paystack.body.id)}`)).body.isDefault).toBe(false);
  });

  it('keeps exactly one default when several requests set it at once', async () => {
    const created = await Promise.all(
      [STRIPE, PAYSTACK, FLUTTERWAVE, MPESA].map((body) => create({ ...body, isDefault: true })),
    );
    expect(created.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    const ids = created.map((reply) => String(reply.body.id));
    const defaults = async () => {
      const listed = await call('GET', '/payment-providers');
      return (listed.body.data as Json[])
        .filter((provider) => provider.isDefault === true)
        .map((provider) => provider.id);
    };
    expect(await defaults()).toHaveLength(1);

    const patched = await Promise.all(
      [...ids, ...ids].map((id) => call('PATCH', `/payment-providers/${id}`, { body: { isDefault: true } })),
    );
    expect(patched.map((reply) => reply.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await defaults()).toHaveLength(1);
  });

  it('lists newest first with pagination', async () => {
    const ids: unknown[] = [];
    for (const body of [STRIPE, PAYSTACK, FLUTTERWAVE]) ids.push((await create(body)).body.id);
    const all = await call('GET', '/payment-providers');
    expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect((all.body.data as Json[]).map((item) => item.id)).toEqual([...ids].reverse());
    const page = await call('GET', '/payment-providers?page=2&limit=2');
    expect(page.body).toEqual({
      data: [expect.objectContaining({ id: ids[0] })],
      meta: { total: 3, page: 2, limit: 2, totalPages: 2 },
    });
    expect((await call('GET', '/payment-providers?limit=101')).status).toBe(400);
  });

  it('merges partial credentials on PATCH and keeps the provider immutable', async () => {
    const created = await create({ ...STRIPE, supportedCurrencies: ['USD'] });
    const path = `/payment-providers/${String(created.body.id)}`;
    const patched = await call('PATCH', path, {
      body: { credentials: { secretKey: 'sk_live_rotated000000000009876' }, supportedCurrencies: ['kes'], name: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      provider: 'STRIPE',
      name: null,
      supportedCurrencies: ['KES'],
      credentials: { secretKey: 'sk_live_…9876', webhookSecret: 'whsec_…9f3a' },
    });
    const refused = await call('PATCH', path, { body: { provider: 'PAYSTACK' } });
    expect(refused.status).toBe(400);
    const foreign = await call('PATCH', path, { body: { credentials: { secretHash: 'flutterwave-only-field' } } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([
      { path: 'body.credentials.secretHash', message: 'is not an allowed property' },
    ]);
  });

  it('needs every credential when apiBaseUrl changes, so stored secrets never go to a new host', async () => {
    const created = await create(STRIPE);
    const path = `/payment-providers/${String(created.body.id)}`;
    const partial = await call('PATCH', path, { body: { apiBaseUrl: 'http://127.0.0.1:9/stripe' } });
    expect(partial.status).toBe(400);
    expect((partial.body.details as Json[]).map((detail) => detail.path)).toEqual([
      'body.credentials.secretKey',
      'body.credentials.webhookSecret',
    ]);
    const full = await call('PATCH', path, {
      body: { apiBaseUrl: 'http://127.0.0.1:9/stripe/', credentials: STRIPE.credentials },
    });
    expect(full.status).toBe(200);
    expect(full.body.apiBaseUrl).toBe('http://127.0.0.1:9/stripe');
    const reset = await call('PATCH', path, { body: { apiBaseUrl: null } });
    expect(reset.body.apiBaseUrl).toBeNull();
  });

  it('deletes a configuration, answering with it, then 404', async () => {
    const created = await create(MPESA);
    const path = `/payment-providers/${String(created.body.id)}`;
    const deleted = await call('DELETE', path);
    expect(deleted).toEqual({ status: 200, body: created.body });
    expect((await call('GET', path)).status).toBe(404);
    expect((await call('DELETE', path)).body.error).toBe('payment_provider_not_found');
    expect((await create(MPESA)).status).toBe(201);
  });

  it('answers 404 for an unknown id, a malformed id and another tenant’s configuration', async () => {
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = await call('POST', '/payment-providers', { token: other.apiKey, body: STRIPE });
    for (const id of ['pp_01JD0000000000000000000000', 'nope', String(theirs.body.id)]) {
      for (const [method, body] of [['GET'], ['PATCH', { isDefault: true }], ['DELETE'], ['POST']] as const) {
        const suffix = method === 'POST' ? '/test' : '';
        const reply = await call(method, `/payment-providers/${id}${suffix}`, body === undefined ? {} : { body });
        expect([method, reply.status, reply.body.error]).toEqual([method, 404, 'payment_provider_not_found']);
      }
    }
    expect((await call('GET', `/payment-providers/${String(theirs.body.id)}`, { token: other.apiKey })).status).toBe(
      200,
    );
  });

  it.each([
    ['an unknown provider', 'body.provider', { provider: 'ADYEN', credentials: { secretKey: 'x' } }],
    [
      'a missing credential field',
      'body.credentials.webhookSecret',
      { provider: 'STRIPE', credentials: { secretKey: 'sk_test_1' } },
    ],
    [
      'an extra credential field',
      'body.credentials.publicKey',
      { ...PAYSTACK, credentials: { secretKey: 'sk_test_1', publicKey: 'pk' } },
    ],
    ['an extra field', 'body.tenantId', { ...PAYSTACK, tenantId: 'ten_01JD0000000000000000000000' }],
    ['missing credentials', 'body.credentials', { provider: 'PAYSTACK' }],
    [
      'a bad M-Pesa environment',
      'body.credentials.environment',
      { ...MPESA, credentials: { ...MPESA.credentials, environment: 'live' } },
    ],
    ['a malformed currency', 'body.supportedCurrencies.0', { ...PAYSTACK, supportedCurrencies: ['US'] }],
    ['an unknown currency', 'body.supportedCurrencies.1', { ...PAYSTACK, supportedCurrencies: ['NGN', 'XYZ'] }],
    ['a non-URL apiBaseUrl', 'body.apiBaseUrl', { ...PAYSTACK, apiBaseUrl: 'not a url' }],
    ['an ftp apiBaseUrl', 'body.apiBaseUrl', { ...PAYSTACK, apiBaseUrl: 'ftp://127.0.0.1/paystack' }],
  ])('refuses %s with 400 naming %s', async (_case, path, body) => {
    const { status, body: error } = await create(body);
    expect(status).toBe(400);
    expect((error.details as Json[]).map((detail) => detail.path)).toContain(path);
  });

  it('answers 401 without a key or with a JWT, 403 without the scope', async () => {
    expect((await call('GET', '/payment-providers', { token: null })).status).toBe(401);
    expect((await call('GET', '/payment-providers', { token: tenant.accessToken })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['payment_providers:read'] });
    expect((await call('GET', '/payment-providers', { token: reader.apiKey })).status).toBe(200);
    const refused = await call('POST', '/payment-providers', { token: reader.apiKey, body: PAYSTACK });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Missing scope: payment_providers:write');
    const none = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
    expect((await call('GET', '/payment-providers', { token: none.apiKey })).body.message).toBe(
      'Missing scope: payment_providers:read',
    );
  });
});
