import { simpleParser } from 'mailparser';
import { createPlatformMailer } from '../../../infra/mail';
import { createGateway } from '../../../services/payments/gateways';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import {
  configureProvider,
  openInvoice,
  STRIPE_TEST_CREDENTIALS,
} from '../../../test/fixtures/provider-payment-fixture';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

/**
 * The invoice e-mail's checkout link through the real checkout (CONTRACT §12): a worker runs the payment workflow
 * against the Stripe fake, and the link in the mail is the Checkout Session's URL, reused by the next mail.
 */
describe('POST /invoices/:id/send-email with a payment provider', () => {
  let stripe: StripeFake;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => Promise.all([stripe.close(), smtp.close()]));
  const { call } = setUpResourceTest({
    tenant: 'all',
    api: () => ({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      mailer: createPlatformMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'no-reply@billing.test',
        allowInsecureAuth: true,
      }),
    }),
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });

  const lastMail = () => simpleParser(smtp.messages.at(-1)?.raw ?? '');

  it('links the Stripe Checkout Session of the invoice, and the next mail reuses it', async () => {
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    const invoice = await openInvoice(call, { currency: 'USD', amount: 49.99 });
    const invoiceId = String(invoice.id);
    expect((await call('POST', `/invoices/${invoiceId}/send-email`, { body: {} })).status).toBe(200);
    const payments = await call('GET', `/payments?invoiceId=${invoiceId}`);
    expect(payments.body.data).toHaveLength(1);
    const [payment] = payments.body.data as { id: string; status: string; checkoutUrl: string }[];
    const session = stripe.sessions().find((candidate) => candidate.client_reference_id === payment?.id);
    expect(payment?.status).toBe('PENDING');
    expect(payment?.checkoutUrl).toBe(session?.url);
    const first = await lastMail();
    expect(first.text).toContain(`Pay online: ${String(session?.url)}`);

    expect((await call('POST', `/invoices/${invoiceId}/send-email`, { body: {} })).status).toBe(200);
    expect((await lastMail()).text).toContain(`Pay online: ${String(session?.url)}`);
    expect((await call('GET', `/payments?invoiceId=${invoiceId}`)).body.data).toHaveLength(1);
  });
});
