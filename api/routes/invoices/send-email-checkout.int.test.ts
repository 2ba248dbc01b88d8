import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { simpleParser } from 'mailparser';
import { createActivities } from '../../../activities';
import { createLogger } from '../../../infra/logger';
import { createPlatformMailer } from '../../../infra/mail';
import { createGateway } from '../../../services/payments/gateways';
import { apiClient } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import {
  configureProvider,
  openInvoice,
  STRIPE_TEST_CREDENTIALS,
} from '../../../test/fixtures/provider-payment-fixture';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { createDevServerTestEnv, createTestWorker, uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';

/**
 * The invoice e-mail's checkout link through the real checkout (CONTRACT §12): a worker runs the payment workflow
 * against the Stripe fake, and the link in the mail is the Checkout Session's URL, reused by the next mail.
 */
describe('POST /invoices/:id/send-email with a payment provider', () => {
  const taskQueue = uniqueTaskQueue('send-email-checkout');
  let api: TestApi;
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  let stripe: StripeFake;
  let smtp: TestSmtpServer;
  let tenant: TenantFixture;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await startTestApi({
      env: { TEMPORAL_TASK_QUEUE: taskQueue, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      mailer: createPlatformMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'no-reply@billing.test',
        allowInsecureAuth: true,
      }),
    });
    env = await createDevServerTestEnv();
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
    const logger = createLogger({ level: 'silent', name: 'send-email-checkout-test' });
    const activities = createActivities({ logger, orm: api.orm, payments: { config: api.config, createGateway } });
    worker = await createTestWorker({ env, taskQueue, activities });
    running = worker.run();
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(async () => {
    worker.shutdown();
    await running;
    await env.teardown();
    await Promise.all([stripe.close(), smtp.close(), api.close()]);
  });

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
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
