import { createPlatformMailer } from '../../../infra/mail';
import { apiClient } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';

const SMTP_LOGIN = { user: 'mailer', password: 'smtp-password-42' };
const CAP = 2;

/** Seconds from `now` to the next UTC midnight. */
const secondsToNextUtcDay = (now: Date): number => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
};

/**
 * PLATFORM_MAIL_PER_DAY through a real SMTP server: a tenant without SMTP settings of its own sends that many invoice
 * e-mails a UTC day through the platform's server, then 429 with `retryAfter`; other tenants and tenants' own servers
 * are not held back.
 */
describe('POST /invoices/:id/send-email: the platform mail cap', () => {
  let api: TestApi;
  let platformSmtp: TestSmtpServer;
  let tenantSmtp: TestSmtpServer;

  beforeAll(async () => {
    [platformSmtp, tenantSmtp] = await Promise.all([startTestSmtpServer(), startTestSmtpServer({ login: SMTP_LOGIN })]);
    api = await startTestApi({
      env: { SMTP_ALLOW_INSECURE_AUTH: 'true', PLATFORM_MAIL_PER_DAY: String(CAP) },
      mailer: createPlatformMailer({
        smtpUrl: `smtp://127.0.0.1:${platformSmtp.port}`,
        from: 'Billing Platform <no-reply@billing.test>',
        allowInsecureAuth: true,
      }),
    });
  });
  afterAll(async () => {
    await Promise.all([api.close(), platformSmtp.close(), tenantSmtp.close()]);
  });

  const clientOf = (tenant: TenantFixture) => apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

  async function openInvoice(tenant: TenantFixture): Promise<string> {
    const call = clientOf(tenant);
    const customer = await call('POST', '/customers', {
      body: {
        externalId: `cap-${Math.random().toString(36).slice(2)}`,
        name: 'Globex',
        email: 'ap@globex.example',
        currency: 'USD',
      },
    });
    expect(customer.status).toBe(201);
    const invoice = await call('POST', '/invoices', {
      body: {
        customerId: customer.body.id,
        items: [{ description: 'Workshop', quantity: 1, unitAmount: 100 }],
        dueDate: '2026-12-31',
      },
    });
    expect(invoice.status).toBe(201);
    const id = invoice.body.id as string;
    expect((await call('POST', `/invoices/${id}/finalize`)).status).toBe(200);
    return id;
  }

  it('sends PLATFORM_MAIL_PER_DAY mails a UTC day, then answers 429 with retryAfter; the next tenant is unaffected', async () => {
    const tenant = await createTenantFixture(api.orm, api.config);
    const call = clientOf(tenant);
    const invoiceId = await openInvoice(tenant);
    const before = platformSmtp.messages.length;
    for (let sent = 0; sent < CAP; sent += 1) {
      expect((await call('POST', `/invoices/${invoiceId}/send-email`, { body: {} })).status).toBe(200);
    }
    const now = new Date();
    const refused = await call('POST', `/invoices/${invoiceId}/send-email`, { body: {} });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('platform_mail_limit_reached');
    const retryAfter = refused.body.retryAfter as number;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - secondsToNextUtcDay(now))).toBeLessThanOrEqual(5);
    expect(refused.headers.get('retry-after')).toBe(String(retryAfter));
    expect(platformSmtp.messages).toHaveLength(before + CAP);
    // A limit that lifts is not kept under an Idempotency-Key: the repeat runs (and is refused again), not replayed.
    const headers = { 'Idempotency-Key': `mail-limit-${invoiceId}` };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const keyed = await call('POST', `/invoices/${invoiceId}/send-email`, { body: {}, headers });
      expect([keyed.status, keyed.headers.get('idempotent-replayed')]).toEqual([429, null]);
    }

    const next = await createTenantFixture(api.orm, api.config);
    const nextInvoiceId = await openInvoice(next);
    const nextReply = await clientOf(next)('POST', `/invoices/${nextInvoiceId}/send-email`, { body: {} });
    expect(nextReply.status).toBe(200);
    expect(platformSmtp.messages).toHaveLength(before + CAP + 1);
  });

  it('does not cap mail through the tenant’s own SMTP settings', async () => {
    const tenant = await createTenantFixture(api.orm, api.config);
    const call = clientOf(tenant);
    const smtp = { host: '127.0.0.1', port: tenantSmtp.port, secure: false, ...SMTP_LOGIN, from: 'billing@acme.test' };
    expect((await call('PATCH', '/tenants/me', { token: tenant.accessToken, body: { smtp } })).status).toBe(200);
    const invoiceId = await openInvoice(tenant);
    for (let sent = 0; sent <= CAP; sent += 1) {
      expect((await call('POST', `/invoices/${invoiceId}/send-email`, { body: {} })).status).toBe(200);
    }
  });
});
