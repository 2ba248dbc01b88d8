import { apiClient } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';

const SECURITY_CREDENTIAL = 'Kq3x9VbT0pLmN2wYc8Rz4HsE1uJdA6fG5oIiU7yWlQeMnBvCxZ+/aSdFgHjKl==';
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

/** The optional Daraja initiator of M-Pesa reversals (refunds): accepted on create and update, shown masked. */
describe('M-Pesa initiator credentials (/payment-providers)', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
  });
  const client = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

  it('takes initiatorName and securityCredential with the other credentials and never shows them', async () => {
    const credentials = { ...MPESA.credentials, initiatorName: 'billing-api', securityCredential: SECURITY_CREDENTIAL };
    const created = await client('POST', '/payment-providers', { body: { ...MPESA, credentials } });

    expect(created.status).toBe(201);
    expect(created.body.credentials).toMatchObject({ initiatorName: '…', securityCredential: '…Kl==' });
    expect(created.text).not.toContain(SECURITY_CREDENTIAL);
    expect(created.text).not.toContain('billing-api');
  });

  it('adds them to a configuration made without them, keeping the other credentials', async () => {
    const created = await client('POST', '/payment-providers', { body: MPESA });
    expect(Object.keys(created.body.credentials as object)).not.toContain('initiatorName');

    const patched = await client('PATCH', `/payment-providers/${String(created.body.id)}`, {
      body: { credentials: { initiatorName: 'billing-api', securityCredential: SECURITY_CREDENTIAL } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.credentials).toEqual({
      consumerKey: '…bVDV',
      consumerSecret: '…Q1w2',
      shortcode: '174379',
      passkey: '…c919',
      environment: 'sandbox',
      initiatorName: '…',
      securityCredential: '…Kl==',
    });
  });

  it('refuses them on another provider and refuses an empty security credential', async () => {
    const stripe = await client('POST', '/payment-providers', {
      body: {
        provider: 'STRIPE',
        credentials: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', initiatorName: 'billing-api' },
      },
    });
    expect(stripe.status).toBe(400);
    const empty = await client('POST', '/payment-providers', {
      body: { ...MPESA, credentials: { ...MPESA.credentials, securityCredential: '' } },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.details)).toContain('securityCredential');
  });
});
