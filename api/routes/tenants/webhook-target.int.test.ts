import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';

describe('outbound targets when private targets are not allowed (production default)', () => {
  let api: TestApi;
  let tenant: TenantFixture;

  beforeAll(async () => {
    api = await startTestApi({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(() => api.close());

  const patch = async (body: unknown) => {
    const response = await fetch(`${api.url}/api/tenants/me`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${tenant.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { details?: unknown } };
  };
  const storedWebhookUrl = async () => {
    const rows = await api.orm.em
      .getConnection()
      .execute<{ webhook_url: string | null }[]>('select webhook_url from central.tenants where id = ?', [
        tenant.tenantId,
      ]);
    return rows[0]?.webhook_url;
  };

  it.each([
    ['loopback', 'http://127.0.0.1/hook', '127.0.0.1'],
    ['loopback by name', 'http://localhost:8080/hook', 'localhost'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['private 10/8', 'https://10.1.2.3/hook', '10.1.2.3'],
    ['private 172.16/12', 'https://172.20.0.1/hook', '172.20.0.1'],
    ['private 192.168/16', 'https://192.168.1.10/hook', '192.168.1.10'],
    ['CGNAT', 'https://100.64.0.1/hook', '100.64.0.1'],
    ['unspecified', 'http://0.0.0.0/hook', '0.0.0.0'],
    ['a decimal loopback', 'http://2130706433/hook', '127.0.0.1'],
    ['IPv6 loopback', 'http://[::1]/hook', '::1'],
    ['IPv6 ULA', 'http://[fd00::1]/hook', 'fd00::1'],
    ['IPv6 link-local', 'http://[fe80::1]/hook', 'fe80::1'],
    ['IPv4-mapped private', 'http://[::ffff:192.168.0.1]/hook', '::ffff:c0a8:1'],
  ])('refuses a webhook URL at %s', async (_case, webhookUrl, host) => {
    const { status, body } = await patch({ webhookUrl });
    expect(status).toBe(400);
    expect(body.details).toEqual([
      { path: 'body.webhookUrl', message: expect.stringContaining(`host ${host} resolves to`) as unknown },
    ]);
    expect(await storedWebhookUrl()).toBeNull();
  });

  it('accepts a public address', async () => {
    const { status } = await patch({ webhookUrl: 'https://93.184.216.34/hooks/billing' });
    expect(status).toBe(200);
    expect(await storedWebhookUrl()).toBe('https://93.184.216.34/hooks/billing');
  });

  it('applies the same policy to the SMTP host, naming both fields at once', async () => {
    const { status, body } = await patch({
      webhookUrl: 'http://127.0.0.1/hook',
      smtp: { host: '192.168.0.25', port: 25, from: 'billing@example.com' },
    });
    expect(status).toBe(400);
    expect((body.details as { path: string }[]).map((detail) => detail.path)).toEqual([
      'body.webhookUrl',
      'body.smtp.host',
    ]);
  });
});
