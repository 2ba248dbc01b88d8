import { simpleParser } from 'mailparser';
import { createLogger } from '../../infra/logger';
import { createPlatformMailer, createUnconfiguredMailer } from '../../infra/mail';
import { createGateway } from '../../services/payments/gateways';
import { apiClient } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/fakes/smtp-server';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { createCollectionActivities } from './collection.activities';

const CAP = 1;

/**
 * Dunning reminders through the platform's mail server (a real SMTP server) count against the tenant's day
 * (PLATFORM_MAIL_PER_DAY): past the cap the activity answers 'skipped' at once, a business outcome the workflow
 * records and goes on from, never an error retried until the cap resets.
 */
describe('sendDunningReminder and the platform mail cap', () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  let tenant: TenantFixture;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await startTestApi();
  });
  afterAll(async () => {
    await Promise.all([api.close(), smtp.close()]);
  });
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
  });

  const activities = (
    platformMailer = createPlatformMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-reply@billing.test',
      allowInsecureAuth: true,
    }),
  ) =>
    createCollectionActivities({
      orm: api.orm,
      logger: createLogger({ level: 'silent', name: 'collection-activities-test' }),
      config: api.config,
      platformMailer,
      platformMailPerDay: CAP,
      createGateway,
    });

  /** A finalized invoice of the tenant; paid (nothing due, so no checkout link is asked for) unless `open`. */
  async function invoice(options: { paid: boolean }): Promise<string> {
    const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
    const customer = await call('POST', '/customers', {
      body: {
        externalId: `dun-${Math.random().toString(36).slice(2)}`,
        name: 'Globex',
        email: 'ap@globex.example',
        currency: 'USD',
      },
    });
    const created = await call('POST', '/invoices', {
      body: {
        customerId: customer.body.id,
        items: [{ description: 'Workshop', quantity: 1, unitAmount: 100 }],
        dueDate: '2026-12-31',
      },
    });
    const id = created.body.id as string;
    expect((await call('POST', `/invoices/${id}/finalize`)).status).toBe(200);
    if (options.paid) expect((await call('POST', `/invoices/${id}/mark-paid`)).status).toBe(200);
    return id;
  }

  it('records a reminder past the cap as skipped, sending nothing, and sends again for another tenant', async () => {
    const { sendDunningReminder } = activities();
    const before = smtp.messages.length;
    const first = await invoice({ paid: true });
    expect(await sendDunningReminder({ tenantId: tenant.tenantId, invoiceId: first })).toBe('sent');
    const second = await invoice({ paid: false });
    expect(await sendDunningReminder({ tenantId: tenant.tenantId, invoiceId: second })).toBe('skipped');
    expect(smtp.messages).toHaveLength(before + 1);

    tenant = await createTenantFixture(api.orm, api.config);
    const other = await invoice({ paid: true });
    expect(await sendDunningReminder({ tenantId: tenant.tenantId, invoiceId: other })).toBe('sent');
    expect(smtp.messages).toHaveLength(before + 2);
  });

  it('sends a reminder through the platform’s server with Reply-To the tenant’s e-mail', async () => {
    const paid = await invoice({ paid: true });
    expect(await activities().sendDunningReminder({ tenantId: tenant.tenantId, invoiceId: paid })).toBe('sent');
    const received = smtp.messages.at(-1);
    if (received === undefined) throw new Error('no message received');
    const mail = await simpleParser(received.raw);
    expect(mail.subject).toMatch(/^Reminder: invoice /);
    expect(mail.from?.value).toEqual([{ address: 'no-reply@billing.test', name: '' }]);
    expect(mail.replyTo?.value).toEqual([{ address: tenant.email, name: '' }]);
  });

  it('records a reminder as skipped at once when no mail server is configured at all, and uses none of the day', async () => {
    const withoutMail = activities(createUnconfiguredMailer());
    const first = await invoice({ paid: true });
    expect(await withoutMail.sendDunningReminder({ tenantId: tenant.tenantId, invoiceId: first })).toBe('skipped');
    // The refused send gave its place back: with a server, the tenant's one mail of the day still goes.
    const paid = await invoice({ paid: true });
    expect(await activities().sendDunningReminder({ tenantId: tenant.tenantId, invoiceId: paid })).toBe('sent');
  });
});
