import { simpleParser, type ParsedMail } from 'mailparser';
import { createPlatformMailer } from '../../../infra/mail';
import { requireId } from '../../../domain/ids';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { sendInvoiceEmail, type CheckoutLink } from '../../../services/payments/collections';
import { markInvoiceUncollectible } from '../../../services/billing/invoices';
import { conflict } from '../../../services/platform/errors';
import { memoryLogger } from '../../../test/harness/http-server';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { extractPdfPages } from '../../../test/checks/pdf-text';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';

const SMTP_LOGIN = { user: 'mailer', password: 'smtp-password-42' };
const HOSTILE_NAME = '<script>alert("x")</script> & Sons';

/**
 * POST /invoices/:id/send-email through a real SMTP server, each message read back with mailparser: recipients,
 * subject, the escaped HTML, and the PDF, which must be the bytes GET /invoices/:id/pdf serves.
 */
describe('POST /invoices/:id/send-email', () => {
  let api: TestApi;
  let tenantSmtp: TestSmtpServer;
  let platformSmtp: TestSmtpServer;
  let refusingSmtp: TestSmtpServer;
  let tenant: TenantFixture;

  beforeAll(async () => {
    [tenantSmtp, platformSmtp, refusingSmtp] = await Promise.all([
      startTestSmtpServer({ login: SMTP_LOGIN }),
      startTestSmtpServer(),
      startTestSmtpServer({ login: SMTP_LOGIN, rejectRecipients: true }),
    ]);
    api = await startTestApi({
      env: { SMTP_ALLOW_INSECURE_AUTH: 'true' },
      mailer: createPlatformMailer({
        smtpUrl: `smtp://127.0.0.1:${platformSmtp.port}`,
        from: 'Billing Platform <no-reply@billing.test>',
        allowInsecureAuth: true,
      }),
    });
  });
  afterAll(async () => {
    await Promise.all([api.close(), tenantSmtp.close(), platformSmtp.close(), refusingSmtp.close()]);
  });
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
  });

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const sendEmail = (invoiceId: string, body: Json = {}) => call('POST', `/invoices/${invoiceId}/send-email`, { body });
  const useTenantSmtp = async (server: TestSmtpServer) => {
    const smtp = { host: '127.0.0.1', port: server.port, secure: false, ...SMTP_LOGIN, from: 'billing@acme.test' };
    const reply = await call('PATCH', '/tenants/me', { token: tenant.accessToken, body: { smtp } });
    expect(reply.status).toBe(200);
  };

  async function createInvoice(options: { finalize?: boolean; name?: string } = {}): Promise<Json> {
    const customer = await call('POST', '/customers', {
      body: {
        externalId: `mail-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        name: options.name ?? 'Globex Corporation',
        email: 'ap@globex.example',
        currency: 'USD',
      },
    });
    expect(customer.status).toBe(201);
    const invoice = await call('POST', '/invoices', {
      body: {
        customerId: customer.body.id,
        items: [{ description: 'Onboarding workshop', quantity: 2, unitAmount: 150 }],
        dueDate: '2026-12-31',
      },
    });
    expect(invoice.status).toBe(201);
    if (options.finalize === false) return invoice.body;
    const finalized = await call('POST', `/invoices/${invoice.body.id as string}/finalize`);
    expect(finalized.status).toBe(200);
    return finalized.body;
  }

  const lastMessage = async (server: TestSmtpServer): Promise<ParsedMail> => {
    const message = server.messages.at(-1);
    if (message === undefined) throw new Error('no message received');
    return simpleParser(message.raw);
  };

  it('mails an OPEN invoice through the tenant’s server: subject, amount due, escaped HTML, the PDF attached', async () => {
    await useTenantSmtp(tenantSmtp);
    const invoice = await createInvoice({ name: HOSTILE_NAME });
    const before = tenantSmtp.messages.length;
    const reply = await sendEmail(invoice.id as string);
    expect(reply).toEqual({ status: 200, body: invoice });
    expect(tenantSmtp.messages).toHaveLength(before + 1);
    expect(tenantSmtp.messages.at(-1)).toMatchObject({ user: SMTP_LOGIN.user, to: ['ap@globex.example'] });
    const mail = await lastMessage(tenantSmtp);
    const number = invoice.number as string;
    expect(mail.subject).toBe(`Invoice ${number} from Test Company (300.00 USD due)`);
    expect(mail.from?.text).toBe('billing@acme.test');
    expect(mail.text).toContain('Amount due: 300.00 USD, due on 2026-12-31.');
    expect(mail.text).toContain(`Hello ${HOSTILE_NAME},`);
    const html = String(mail.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
    // No payment provider is configured: the mail goes without a checkout link.
    expect(mail.text).not.toContain('Pay online');
    expect(html).not.toContain('<a ');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    const pdf = await call('GET', `/invoices/${invoice.id as string}/pdf`);
    expect(attachment?.content.equals(pdf.bytes)).toBe(true);
    expect((await extractPdfPages(attachment!.content)).join('\n')).toContain(number);
  });

  it('goes through the platform’s server to the customer when the tenant has no SMTP settings, and mails a PAID one', async () => {
    const invoice = await createInvoice();
    expect((await call('POST', `/invoices/${invoice.id as string}/mark-paid`)).status).toBe(200);
    const reply = await sendEmail(invoice.id as string);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('PAID');
    expect(platformSmtp.messages.at(-1)?.to).toEqual(['ap@globex.example']);
    const mail = await lastMessage(platformSmtp);
    expect(mail.subject).toBe(`Invoice ${invoice.number as string} from Test Company`);
    expect(mail.text).toContain('Nothing is due on this invoice');
    expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
  });

  it('has replies reach the tenant: Reply-To its e-mail through the platform’s server, its own From through its own', async () => {
    const invoice = await createInvoice();
    expect((await sendEmail(invoice.id as string)).status).toBe(200);
    const platformMail = await lastMessage(platformSmtp);
    expect(platformMail.from?.value).toEqual([{ address: 'no-reply@billing.test', name: 'Billing Platform' }]);
    expect(platformMail.replyTo?.value).toEqual([{ address: tenant.email, name: '' }]);
    expect(platformMail.text).toContain(`Questions? Reply to this e-mail or write to ${tenant.email}.`);
    await useTenantSmtp(tenantSmtp);
    expect((await sendEmail(invoice.id as string)).status).toBe(200);
    const ownMail = await lastMessage(tenantSmtp);
    expect(ownMail.from?.text).toBe('billing@acme.test');
    expect(ownMail.replyTo).toBeUndefined();
  });

  it('mails an UNCOLLECTIBLE invoice, which still has its amount due', async () => {
    const invoice = await createInvoice();
    const sql = tenantSql(api.orm, tenant.tenantId);
    expect((await markInvoiceUncollectible(sql, requireId('invoice', String(invoice.id)), new Date())).ok).toBe(true);
    const reply = await sendEmail(invoice.id as string);
    expect([reply.status, reply.body.status, reply.body.amountDue]).toEqual([200, 'UNCOLLECTIBLE', 300]);
    expect((await lastMessage(platformSmtp)).text).toContain('Amount due: 300.00 USD');
  });

  it('names `to` when the customer has no e-mail address and none is given', async () => {
    const invoice = await createInvoice();
    await api.orm.em
      .getConnection()
      .execute(`update ${tenantSql(api.orm, tenant.tenantId).table('customers')} set email = '' where id = ?`, [
        invoice.customerId,
      ]);
    const reply = await sendEmail(invoice.id as string);
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([
      { path: 'body.to', message: expect.stringContaining('no e-mail address') as unknown },
    ]);
    expect((await sendEmail(invoice.id as string, { to: 'ap@globex.example' })).status).toBe(409);
    await useTenantSmtp(tenantSmtp);
    expect((await sendEmail(invoice.id as string, { to: 'ap@globex.example' })).status).toBe(200);
  });

  it('refuses `to` through the platform’s server with 409 smtp_not_configured, and takes it through the tenant’s own', async () => {
    const invoice = await createInvoice();
    const before = platformSmtp.messages.length;
    const refused = await sendEmail(invoice.id as string, { to: 'victim@elsewhere.example' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('smtp_not_configured');
    expect(refused.body.message).toContain('configure the tenant');
    expect(platformSmtp.messages).toHaveLength(before);
    // The customer's own address, in any case, is no override.
    expect((await sendEmail(invoice.id as string, { to: 'AP@Globex.example' })).status).toBe(200);
    expect(platformSmtp.messages.at(-1)?.to).toEqual(['ap@globex.example']);
    await useTenantSmtp(tenantSmtp);
    expect((await sendEmail(invoice.id as string, { to: 'accounts@globex.example' })).status).toBe(200);
    expect(tenantSmtp.messages.at(-1)?.to).toEqual(['accounts@globex.example']);
    expect(platformSmtp.messages).toHaveLength(before + 1);
  });

  it('refuses DRAFT and VOIDED invoices with 409', async () => {
    const draft = await createInvoice({ finalize: false });
    expect((await sendEmail(draft.id as string)).body.error).toBe('invalid_state_transition');
    expect((await sendEmail(draft.id as string)).status).toBe(409);
    const voided = await createInvoice();
    expect((await call('POST', `/invoices/${voided.id as string}/void`)).status).toBe(200);
    expect((await sendEmail(voided.id as string)).status).toBe(409);
  });

  it('answers 502 email_failed when the server refuses the message', async () => {
    await useTenantSmtp(refusingSmtp);
    const invoice = await createInvoice();
    const reply = await sendEmail(invoice.id as string);
    expect(reply.status).toBe(502);
    expect(reply.body.error).toBe('email_failed');
    expect(reply.body.message).toContain('No such user here');
  });

  it('refuses a `to` that is not an e-mail address naming it, another tenant’s invoice, and a read-only key', async () => {
    const invoice = await createInvoice();
    const bad = await sendEmail(invoice.id as string, { to: 'not an address' });
    expect(bad.status).toBe(400);
    expect((bad.body.details as { path: string }[]).map((detail) => detail.path)).toContain('body.to');
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await call('POST', `/invoices/${invoice.id as string}/send-email`, {
      token: other.apiKey,
      body: {},
    });
    expect(foreign.status).toBe(404);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['invoices:read'] });
    const forbidden = await call('POST', `/invoices/${invoice.id as string}/send-email`, {
      token: reader.apiKey,
      body: {},
    });
    expect(forbidden.status).toBe(403);
    expect((await call('POST', `/invoices/${invoice.id as string}/send-email`, { token: null })).status).toBe(401);
  });

  describe('the checkout link (sendInvoiceEmail with its checkoutLink dependency)', () => {
    const send = async (invoiceId: string, checkoutLink: CheckoutLink) => {
      const deps = {
        orm: api.orm,
        config: api.config,
        platformMailer: createPlatformMailer({
          smtpUrl: `smtp://127.0.0.1:${platformSmtp.port}`,
          from: 'no-reply@billing.test',
          allowInsecureAuth: true,
        }),
        platformMailPerDay: 100,
        checkoutLink,
        payLink: () => null,
        logger: memoryLogger().logger,
      };
      await sendInvoiceEmail(deps, { tenantId: tenant.tenantId, invoiceId, kind: 'reminder' });
      return lastMessage(platformSmtp);
    };

    it('carries the link asked for the invoice when something is due, in text and (escaped) HTML', async () => {
      const invoice = await createInvoice();
      const asked: unknown[] = [];
      const mail = await send(invoice.id as string, (input) => {
        asked.push(input);
        return Promise.resolve('https://pay.example/c/cs_1?a=1&b=2');
      });
      expect(asked).toEqual([{ tenantId: tenant.tenantId, invoiceId: invoice.id }]);
      expect(mail.subject).toBe(
        `Reminder: invoice ${invoice.number as string} from Test Company is overdue (300.00 USD due)`,
      );
      expect(mail.text).toContain('Pay online: https://pay.example/c/cs_1?a=1&b=2');
      expect(String(mail.html)).toContain('<a href="https://pay.example/c/cs_1?a=1&amp;b=2">Pay 300.00 USD online</a>');
    });

    it('asks for no link when nothing is due, and goes without one when the checkout is refused', async () => {
      const paid = await createInvoice();
      await call('POST', `/invoices/${paid.id as string}/mark-paid`);
      const neverAsked = jest.fn<Promise<string | null>, [unknown]>();
      expect((await send(paid.id as string, neverAsked)).text).not.toContain('Pay online');
      expect(neverAsked).not.toHaveBeenCalled();
      const open = await createInvoice();
      const refused = await send(open.id as string, () => Promise.reject(conflict('no_payment_provider', 'none')));
      expect(refused.text).not.toContain('Pay online');
      expect(refused.attachments).toHaveLength(1);
    });
  });
});
