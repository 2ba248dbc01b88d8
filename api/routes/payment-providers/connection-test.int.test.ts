import { apiClient } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import {
  EMPTY_REFUSAL_AUTHORIZATION,
  startFakeProviderServer,
  type FakeProviderServer,
} from '../../../test/fakes/fake-provider-server';
import { sealUnboundSecret } from '../../../test/fixtures/unbound-secret';
import { tenantSchemaSql } from '../../../test/harness/tenant-schema-sql';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const mpesa = (consumerKey: string, consumerSecret: string) => ({
  consumerKey,
  consumerSecret,
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  environment: 'sandbox',
});

const VALID = {
  STRIPE: { secretKey: 'sk_test_valid00000000000000001111', webhookSecret: 'whsec_valid000000000000' },
  PAYSTACK: { secretKey: 'sk_test_valid00000000000000002222' },
  FLUTTERWAVE: { secretKey: 'FLWSECK_TEST-valid0000000000003333-X', secretHash: 'hash-valid-3333' },
  MPESA: mpesa('validConsumerKey4444', 'validConsumerSecret4444'),
};
const INVALID = {
  STRIPE: { secretKey: 'sk_test_wrong0000000000000000wxyz', webhookSecret: 'whsec_valid000000000000' },
  PAYSTACK: { secretKey: 'sk_test_wrong00000000000000000000' },
  FLUTTERWAVE: { secretKey: 'FLWSECK_TEST-wrong0000000000000000-X', secretHash: 'hash-valid-3333' },
  MPESA: mpesa('wrongConsumerKey', 'wrongConsumerSecret'),
};
// What each provider must receive: the secret key as a bearer token, M-Pesa's consumer pair as Basic.
const AUTHORIZATION = {
  STRIPE: `Bearer ${VALID.STRIPE.secretKey}`,
  PAYSTACK: `Bearer ${VALID.PAYSTACK.secretKey}`,
  FLUTTERWAVE: `Bearer ${VALID.FLUTTERWAVE.secretKey}`,
  MPESA: basic(VALID.MPESA.consumerKey, VALID.MPESA.consumerSecret),
};
const PATHS = {
  STRIPE: '/v1/balance',
  PAYSTACK: '/balance',
  FLUTTERWAVE: '/v3/balances',
  MPESA: '/oauth/v1/generate?grant_type=client_credentials',
};
const REFUSALS = {
  STRIPE: [401, 'Invalid API Key provided: sk_test_****wxyz'],
  PAYSTACK: [401, 'Invalid key'],
  FLUTTERWAVE: [401, 'Invalid authorization key'],
  MPESA: [400, 'Invalid Authentication passed'],
} as const;
const PROVIDERS = ['STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA'] as const;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /payment-providers/:id/test against a local server that answers like each provider', () => {
  let api: TestApi;
  let fake: FakeProviderServer;
  let tenant: TenantFixture;

  beforeAll(async () => {
    api = await startTestApi({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    fake = await startFakeProviderServer(Object.values(AUTHORIZATION));
  });
  afterAll(async () => {
    await fake.close();
    await api.close();
  });
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
    fake.requests.length = 0;
  });

  const client = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const call = (method: string, path: string, body?: unknown) => client(method, path, { body });
  const configureAndTest = async (provider: string, credentials: object, apiBaseUrl = `${fake.url}/`) => {
    const created = await call('POST', '/payment-providers', { provider, credentials, apiBaseUrl });
    expect(created.status).toBe(201);
    return call('POST', `/payment-providers/${String(created.body.id)}/test`);
  };

  it.each(PROVIDERS)('answers 200 with the %s provider when it accepts the credentials', async (provider) => {
    const { status, body } = await configureAndTest(provider, VALID[provider]);
    expect(status).toBe(200);
    // The provider exactly as GET shows it (masked credentials and all), with the verdict.
    const stored = await call('GET', `/payment-providers/${String(body.id)}`);
    expect(body).toEqual({ ...stored.body, ok: true, checkedAt: expect.stringMatching(ISO) as unknown });
    expect(body.provider).toBe(provider);
    expect(fake.requests).toEqual([
      expect.objectContaining({
        path: PATHS[provider],
        headers: expect.objectContaining({ authorization: AUTHORIZATION[provider] }) as unknown,
      }),
    ]);
  });

  it.each(PROVIDERS)('answers 502 with the refusal of %s, its status and its own message', async (provider) => {
    const { status, body } = await configureAndTest(provider, INVALID[provider]);
    const [statusCode, message] = REFUSALS[provider];
    expect([status, body.error]).toEqual([502, 'payment_provider_error']);
    expect(body.message).toBe(`${provider} refused the connection test (HTTP ${String(statusCode)}): ${message}`);
    expect(fake.requests.map((request) => request.path)).toEqual([PATHS[provider]]);
  });

  it('reports M-Pesa’s empty 400 by its status', async () => {
    const { body } = await configureAndTest('MPESA', mpesa('empty', 'empty'));
    expect(fake.requests[0]?.headers.authorization).toBe(EMPTY_REFUSAL_AUTHORIZATION);
    expect(body).toMatchObject({
      error: 'payment_provider_error',
      message: 'MPESA refused the connection test (HTTP 400): HTTP 400 with an empty body',
    });
  });

  it('tests with credentials updated by PATCH', async () => {
    const created = await call('POST', '/payment-providers', {
      provider: 'PAYSTACK',
      credentials: INVALID.PAYSTACK,
      apiBaseUrl: fake.url,
    });
    const path = `/payment-providers/${String(created.body.id)}`;
    expect((await call('POST', `${path}/test`)).status).toBe(502);
    await call('PATCH', path, { credentials: VALID.PAYSTACK });
    expect((await call('POST', `${path}/test`)).body.ok).toBe(true);
  });

  type Row = { tenantId: string; id: string };
  const sqlOf = (row: Row) => tenantSchemaSql(() => ({ orm: api.orm, tenantId: row.tenantId }));
  const readSealed = async (row: Row) => {
    const [found] = await sqlOf(row)<{ sealed_credentials: string }>(
      'select sealed_credentials from $schema.payment_providers where id = ?',
      [row.id],
    );
    return found!.sealed_credentials;
  };
  const writeSealed = (row: Row, sealed: string) =>
    sqlOf(row)('update $schema.payment_providers set sealed_credentials = ? where id = ?', [sealed, row.id]);
  const configure = async (provider: keyof typeof VALID, credentials: object): Promise<Row> => {
    const reply = await call('POST', '/payment-providers', { provider, credentials, apiBaseUrl: fake.url });
    expect(reply.status).toBe(201);
    return { tenantId: tenant.tenantId, id: String(reply.body.id) };
  };

  it('refuses credentials copied from another row, of another tenant or its own, without sending them', async () => {
    const owner = tenant;
    const source = await configure('STRIPE', VALID.STRIPE);
    const sameTenantRow = await configure('PAYSTACK', INVALID.PAYSTACK);
    const other = await createTenantFixture(api.orm, api.config);
    tenant = other;
    const otherTenantRow = await configure('STRIPE', INVALID.STRIPE);
    for (const [target, caller] of [
      [otherTenantRow, other],
      [sameTenantRow, owner],
    ] as const) {
      await writeSealed(target, await readSealed(source));
      tenant = caller;
      const { status, body } = await call('POST', `/payment-providers/${target.id}/test`);
      expect(status).toBe(409);
      expect(body.error).toBe('payment_provider_credentials_unreadable');
    }
    expect(fake.requests).toEqual([]);
    expect((await call('POST', `/payment-providers/${source.id}/test`)).body.ok).toBe(true);
  });

  it('tests with credentials sealed before they were bound to their row (v1), and binds them on PATCH', async () => {
    const row = await configure('PAYSTACK', INVALID.PAYSTACK);
    await writeSealed(row, sealUnboundSecret(JSON.stringify(VALID.PAYSTACK), api.config.encryptionKey));
    const path = `/payment-providers/${row.id}`;
    expect((await call('POST', `${path}/test`)).body.ok).toBe(true);
    expect((await call('PATCH', path, { name: 'Paystack NG' })).status).toBe(200);
    expect(await readSealed(row)).toMatch(/^v2\./);
    expect((await call('POST', `${path}/test`)).body.ok).toBe(true);
  });

  it('answers 502 for a provider that cannot be reached, saying why', async () => {
    const closed = await startFakeProviderServer([]);
    await closed.close();
    const { status, body } = await configureAndTest('STRIPE', VALID.STRIPE, closed.url);
    expect([status, body.error]).toEqual([502, 'payment_provider_error']);
    expect(body.message).toMatch(/^STRIPE connection test failed: Could not reach 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
  });
});
