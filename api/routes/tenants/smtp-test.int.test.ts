import { findFreePort } from '../../../infra/net/wait-for-port';
import { sealUnboundSecret } from '../../../test/fixtures/unbound-secret';
import { apiClient } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';

const SMTP_USER = 'mailer';
const SMTP_PASSWORD = 'smtp-password-42';
const SMTP_LOGIN = { user: SMTP_USER, password: SMTP_PASSWORD };

describe('POST /tenants/me/smtp/test', () => {
  // The local servers offer no STARTTLS: logging in to them needs SMTP_ALLOW_INSECURE_AUTH, as in development.
  let api: TestApi;
  let apiRequiringTls: TestApi;
  let accepting: TestSmtpServer;
  let rejecting: TestSmtpServer;
  let tenant: TenantFixture;

  beforeAll(async () => {
    [api, apiRequiringTls, accepting, rejecting] = await Promise.all([
      startTestApi({ env: { SMTP_ALLOW_INSECURE_AUTH: 'true' } }),
      startTestApi(),
      startTestSmtpServer({ login: SMTP_LOGIN }),
      startTestSmtpServer({ login: SMTP_LOGIN, rejectRecipients: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([api.close(), apiRequiringTls.close(), accepting.close(), rejecting.close()]);
  });
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
  });

  const client = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.accessToken }));
  const call = (method: string, path: string, body: unknown) => client(method, path, { body });
  const configure = async (port: number, password = SMTP_PASSWORD) => {
    const smtp = { host: '127.0.0.1', port, secure: false, user: SMTP_USER, password, from: 'billing@acme.test' };
    expect((await call('PATCH', '/tenants/me', { smtp })).status).toBe(200);
  };
  const sendTest = (to = 'customer@example.com') => call('POST', '/tenants/me/smtp/test', { to });
  const connection = () => api.orm.em.getConnection();
  const storeSmtpSettings = (tenantId: string, settings: unknown) =>
    connection().execute('update central.tenants set smtp_settings = ?::jsonb where id = ?', [
      JSON.stringify(settings),
      tenantId,
    ]);

  it('sends through the tenant’s server, logged in with the decrypted password', async () => {
    await configure(accepting.port);
    const { status, body } = await sendTest();
    expect(status).toBe(200);
    expect(body).toEqual({
      message: `Test message to customer@example.com accepted by 127.0.0.1:${accepting.port}`,
      accepted: true,
    });
    const message = accepting.messages.at(-1);
    expect(message).toMatchObject({ user: SMTP_USER, to: ['customer@example.com'] });
    expect(message?.raw).toMatch(/^Subject: SMTP test for Test Company$/m);
    expect(message?.raw).toMatch(/^From: billing@acme\.test$/m);
  });

  it('answers 400 smtp_failed with the server’s reply when it rejects the recipient', async () => {
    await configure(rejecting.port);
    const { status, body } = await sendTest();
    expect(status).toBe(400);
    expect(body.error).toBe('smtp_failed');
    expect(body.message).toMatch(/550.*No such user here/);
  });

  it('answers 400 smtp_failed when the login is refused', async () => {
    await configure(accepting.port, 'wrong-password');
    const { status, body } = await sendTest();
    expect(status).toBe(400);
    expect(body.error).toBe('smtp_failed');
    expect(body.message).toMatch(/535/);
  });

  it('refuses a password copied from another tenant’s settings: it does not open there and is never sent', async () => {
    await configure(accepting.port);
    const [row] = await connection().execute<{ smtp_settings: unknown }[]>(
      'select smtp_settings from central.tenants where id = ?',
      [tenant.tenantId],
    );
    const owner = tenant;
    tenant = await createTenantFixture(api.orm, api.config);
    await storeSmtpSettings(tenant.tenantId, row?.smtp_settings);
    const sent = accepting.messages.length;
    const { status, body } = await sendTest();
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'smtp_failed',
      message: expect.stringContaining('the stored SMTP password can no longer be decrypted') as unknown,
    });
    expect(JSON.stringify(body)).not.toContain(SMTP_PASSWORD);
    expect(accepting.messages).toHaveLength(sent);
    tenant = owner;
    expect((await sendTest()).status).toBe(200);
  });

  it('still logs in with a password sealed before passwords were bound to their tenant (v1)', async () => {
    await storeSmtpSettings(tenant.tenantId, {
      host: '127.0.0.1',
      port: accepting.port,
      secure: false,
      user: SMTP_USER,
      from: 'billing@acme.test',
      sealedPassword: sealUnboundSecret(SMTP_PASSWORD, api.config.encryptionKey),
    });
    expect((await sendTest()).status).toBe(200);
    expect(accepting.messages.at(-1)).toMatchObject({ user: SMTP_USER });
  });

  it('answers 400 smtp_failed without sending the password when the server offers no STARTTLS (the default)', async () => {
    await configure(accepting.port);
    const before = { logins: accepting.logins.length, messages: accepting.messages.length };
    const requiringTls = apiClient(() => ({ baseUrl: `${apiRequiringTls.url}/api`, token: tenant.accessToken }));
    const { status, body } = await requiringTls('POST', '/tenants/me/smtp/test', { body: { to: 'ap@example.com' } });
    expect(status).toBe(400);
    expect(body.error).toBe('smtp_failed');
    expect(body.message).toMatch(/^SMTP test failed: The server did not upgrade the connection with STARTTLS/);
    expect(accepting.logins).toHaveLength(before.logins);
    expect(accepting.messages).toHaveLength(before.messages);
  });

  it('answers 400 smtp_failed when nothing listens on the port', async () => {
    await configure(await findFreePort());
    const { status, body } = await sendTest();
    expect(status).toBe(400);
    expect(body.error).toBe('smtp_failed');
    expect(body.message).toMatch(/ECONNREFUSED/);
  });

  it('answers 400 smtp_not_configured without SMTP settings, saying how to set them', async () => {
    const before = accepting.messages.length;
    const { status, body } = await sendTest();
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      error: 'smtp_not_configured',
      message:
        'SMTP test failed: the tenant has no SMTP settings of its own; set them with PATCH /tenants/me { smtp } first',
    });
    expect(accepting.messages).toHaveLength(before);
  });

  it('refuses a recipient that is not an e-mail address', async () => {
    await configure(accepting.port);
    const { status, body } = await sendTest('not-an-address');
    expect(status).toBe(400);
    expect(body.details).toEqual([{ path: 'body.to', message: 'must match format "email"' }]);
  });
});
