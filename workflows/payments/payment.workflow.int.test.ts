import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities';
import type { Clock } from '../../domain/clock';
import { tenantSql } from '../../infra/db/tenant-sql';
import { createGateway } from '../../services/payments/gateways';
import { findPayment, type PaymentRecord } from '../../services/payments/records';
import { apiClient, type Json } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake';
import { memoryLogger } from '../../test/harness/http-server';
import {
  configureProvider,
  creditBalance,
  openInvoice,
  recordedEvents,
  STRIPE_TEST_CREDENTIALS,
} from '../../test/fixtures/provider-payment-fixture';
import { createTestWorker, createTimeSkippingTestServer, uniqueTaskQueue } from '../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { waitForValue } from '../../test/harness/wait-for';
import { paymentWorkflowId } from '../shared/workflow-ids';
import { PAYMENT_WORKFLOW_TYPE, providerNotificationSignal, type ProviderNotificationSignal } from './messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * A test that skips a whole day runs about 25 verifications, each a workflow task and an activity that the server
 * waits for before skipping on: seconds alone, near a minute on two cores busy with the rest of the suite.
 */
const DAY_OF_CHECKS_MS = 180_000;

/**
 * The payment workflow on the time-skipping server with its real activities against PostgreSQL and the Stripe fake,
 * started through the real checkout route. Business time follows the test server's clock (`serverClock`), so the
 * API, the fake and the workflow agree on when a checkout expires.
 */
describe('paymentWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let address: string;
  let taskQueue: string;
  let api: TestApi;
  let stripe: StripeFake;
  let tenant: TenantFixture;
  let worker: Worker;
  let running: Promise<void>;
  let offsetMs = 0;
  const serverClock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const verifications: string[] = [];
  const forgotten: string[] = [];
  const { logger } = memoryLogger();

  beforeAll(async () => {
    ({ env, address } = await createTimeSkippingTestServer());
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS, { clock: serverClock });
  });
  afterAll(async () => {
    await stripe.close();
    await env.teardown();
  });

  beforeEach(async () => {
    offsetMs = (await env.currentTimeMs()) - Date.now();
    taskQueue = uniqueTaskQueue('payment');
    api = await startTestApi({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      // A client of the API's own: closing the app closes it, not the environment's.
      temporal: { client: new Client({ connection: await Connection.connect({ address }) }), taskQueue },
      clock: serverClock,
    });
    tenant = await createTenantFixture(api.orm, api.config);
    const real = createActivities({
      orm: api.orm,
      logger,
      payments: { config: api.config, createGateway },
    });
    verifications.length = 0;
    forgotten.length = 0;
    const activities: Activities = {
      ...real,
      verifyProviderPayment: (input) => {
        verifications.push(input.at);
        return real.verifyProviderPayment(input);
      },
      forgetPaymentNotification: (input) => {
        forgotten.push(input.eventId);
        return real.forgetPaymentNotification(input);
      },
    };
    worker = await createTestWorker({ env, taskQueue, activities });
    running = worker.run();
  });
  afterEach(async () => {
    worker.shutdown();
    await running;
    await api.close();
  });

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

  /** Skips server time; the API's and the fake's clocks follow. */
  async function skip(ms: number): Promise<void> {
    await env.sleep(ms);
    offsetMs = (await env.currentTimeMs()) - Date.now();
  }

  async function checkout(amount = 49.99): Promise<{ invoice: Json; payment: Json }> {
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    const invoice = await openInvoice(call, { currency: 'USD', amount });
    const reply = await call('POST', `/invoices/${String(invoice.id)}/checkout`, {
      body: { successUrl: 'https://tenant.example/paid' },
    });
    expect(reply.status).toBe(201);
    return { invoice, payment: reply.body };
  }

  const paymentOf = async (id: unknown): Promise<PaymentRecord> =>
    (await findPayment(tenantSql(api.orm, tenant.tenantId), String(id)))!;

  const waitForStatus = (id: unknown, status: string) =>
    waitForValue(`payment ${String(id)} ${status}`, async () => {
      const payment = await paymentOf(id);
      return payment.status === status ? payment : undefined;
    });

  /** A notification as the inbound webhook delivers it: signalWithStart, so one after the run ended starts another. */
  const signal = (paymentId: unknown, notification: Partial<ProviderNotificationSignal> = {}) =>
    env.client.workflow.signalWithStart(PAYMENT_WORKFLOW_TYPE, {
      workflowId: paymentWorkflowId(tenant.tenantId, String(paymentId)),
      taskQueue,
      args: [{ tenantId: tenant.tenantId, paymentId: String(paymentId) }],
      signal: providerNotificationSignal,
      signalArgs: [
        {
          kind: 'payment',
          eventId: `evt_${Math.random().toString(36).slice(2)}`,
          type: 'checkout.session.completed',
          outcome: 'succeeded',
          failureReason: null,
          providerReference: null,
          receivedAt: serverClock.now().toISOString(),
          ...notification,
        } as ProviderNotificationSignal,
      ],
    });

  /** A run left waiting for its expiry would hold the shared server's clock for later tests (no worker takes it). */
  const terminate = (paymentId: unknown) =>
    env.client.workflow.getHandle(paymentWorkflowId(tenant.tenantId, String(paymentId))).terminate('test done');

  test(
    'verifies at 5 min, 30 min, then hourly; an unused checkout fails as expired at expiresAt, without payment.failed',
    async () => {
      const { invoice, payment } = await checkout();
      const startedAt = Date.parse(String(payment.createdAt));
      await skip(2 * HOUR + 10 * MINUTE);
      const offsets = () => verifications.map((at) => Math.round((Date.parse(at) - startedAt) / MINUTE));
      expect(offsets()).toEqual([5, 30, 60, 120]);
      expect((await paymentOf(payment.id)).status).toBe('PENDING');

      await skip(22 * HOUR);
      const expired = await waitForStatus(payment.id, 'FAILED');
      expect(expired.failureReason).toBe('expired');
      expect(offsets().at(-1)).toBe(24 * 60);
      expect(offsets().slice(-3)).toEqual([22 * 60, 23 * 60, 24 * 60]);
      expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${String(payment.id)}`);
      expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
        status: 'OPEN',
        amountDue: 49.99,
      });
      // A whole day of verifications stays a small history (no continue-as-new needed): about 10 events per check.
      const handle = env.client.workflow.getHandle(paymentWorkflowId(tenant.tenantId, String(payment.id)));
      expect((await handle.fetchHistory()).events?.length).toBeLessThan(400);
    },
    DAY_OF_CHECKS_MS,
  );

  test('a success the provider confirms at the 5-minute check pays the invoice: payment.succeeded, then invoice.paid', async () => {
    const { invoice, payment } = await checkout();
    stripe.completePayment(String(payment.id));
    await skip(6 * MINUTE);
    const paid = await waitForStatus(payment.id, 'SUCCEEDED');
    expect(paid.providerReference).toMatch(/^pi_/);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'PAID',
      amountPaid: 49.99,
      amountDue: 0,
    });
    const events = await recordedEvents(api.orm, tenant.tenantId);
    expect(events.slice(-2)).toEqual([`payment.succeeded:${String(payment.id)}`, `invoice.paid:${String(invoice.id)}`]);
  });

  test('a checkout the 5-minute check finds expired unused fails as expired, without payment.failed', async () => {
    const { invoice, payment } = await checkout();
    stripe.expireCheckout(String(payment.id));
    await skip(6 * MINUTE);
    expect((await waitForStatus(payment.id, 'FAILED')).failureReason).toBe('expired');
    expect(verifications).toHaveLength(1);
    expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${String(payment.id)}`);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({ status: 'OPEN' });
    await terminate(payment.id);
  });

  test('a success both notified and polled, and a retried settlement, is applied once', async () => {
    const { invoice, payment } = await checkout();
    stripe.completePayment(String(payment.id));
    await signal(payment.id);
    await waitForStatus(payment.id, 'SUCCEEDED');
    // The poll (or a retried activity) reporting the same success afterwards.
    const again = await createActivities({
      orm: api.orm,
      logger,
      payments: { config: api.config, createGateway },
    }).applyProviderPayment({
      tenantId: tenant.tenantId,
      paymentId: String(payment.id),
      amountMinor: '4999',
      currency: 'USD',
      providerReference: 'pi_again',
      at: serverClock.now().toISOString(),
    });
    expect(again).toEqual({ outcome: 'already_settled' });
    await signal(payment.id);
    await skip(HOUR);
    const events = await recordedEvents(api.orm, tenant.tenantId);
    expect(events.filter((event) => event.startsWith('payment.succeeded'))).toHaveLength(1);
    expect(events.filter((event) => event.startsWith('invoice.paid'))).toHaveLength(1);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({ amountPaid: 49.99 });
  });

  test('a notified success the provider has not confirmed yet is asked again a minute later, keeping the notified receipt', async () => {
    const { payment } = await checkout();
    await signal(payment.id, { providerReference: 'RCP_NOTIFIED_1' });
    await waitForValue('the notification’s verification', () => (verifications.length >= 1 ? true : undefined));
    expect((await paymentOf(payment.id)).status).toBe('PENDING');
    stripe.completePayment(String(payment.id));
    await skip(2 * MINUTE);
    const paid = await waitForStatus(payment.id, 'SUCCEEDED');
    expect(paid.providerReference).toBe('RCP_NOTIFIED_1');
    const first = Date.parse(verifications[0] ?? '');
    expect(verifications.map((at) => Math.round((Date.parse(at) - first) / MINUTE))).toEqual([0, 1]);
  });

  test('a later success beats an earlier failure', async () => {
    const { invoice, payment } = await checkout();
    stripe.failPayment(String(payment.id), 'Your card was declined.');
    await signal(payment.id, { outcome: 'failed', failureReason: 'card_declined', type: 'async_payment_failed' });
    const failed = await waitForStatus(payment.id, 'FAILED');
    // The provider's reason, not the notification's.
    expect(failed.failureReason).toBe('Your card was declined.');
    expect(await recordedEvents(api.orm, tenant.tenantId)).toContain(`payment.failed:${String(payment.id)}`);
    expect(forgotten).toEqual([]);

    stripe.completePayment(String(payment.id));
    await signal(payment.id);
    const paid = await waitForStatus(payment.id, 'SUCCEEDED');
    expect([paid.failureReason, paid.failedAt]).toEqual([null, null]);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({ status: 'PAID' });
  });

  test(
    'a failure the provider does not confirm changes nothing and is forgotten; the expiry still fails the checkout',
    async () => {
      const { payment } = await checkout();
      await signal(payment.id, {
        eventId: 'evt_forged_failure',
        outcome: 'failed',
        failureReason: 'card_declined',
        type: 'checkout.session.async_payment_failed',
      });
      await waitForValue('the claim forgotten', () => (forgotten.length > 0 ? true : undefined));
      expect(forgotten).toEqual(['evt_forged_failure']);
      expect(verifications).toHaveLength(1);
      expect((await paymentOf(payment.id)).status).toBe('PENDING');

      await signal(payment.id, { eventId: 'evt_forged_expiry', outcome: 'expired', type: 'checkout.session.expired' });
      await waitForValue('the expiry claim forgotten', () => (forgotten.length > 1 ? true : undefined));
      expect((await paymentOf(payment.id)).status).toBe('PENDING');
      expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${String(payment.id)}`);

      await skip(24 * HOUR + MINUTE);
      expect((await waitForStatus(payment.id, 'FAILED')).failureReason).toBe('expired');
      expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${String(payment.id)}`);
    },
    DAY_OF_CHECKS_MS,
  );

  test('a failure claim the provider answers as paid settles the payment instead, and is forgotten', async () => {
    const { invoice, payment } = await checkout();
    stripe.completePayment(String(payment.id));
    await signal(payment.id, { eventId: 'evt_forged_paid', outcome: 'failed', type: 'async_payment_failed' });
    await waitForStatus(payment.id, 'SUCCEEDED');
    expect(forgotten).toEqual(['evt_forged_paid']);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({ status: 'PAID' });
  });

  test('a success claim the provider answers as failed fails the payment with its reason and is forgotten', async () => {
    const { payment } = await checkout();
    stripe.failPayment(String(payment.id), 'Your card was declined.');
    await signal(payment.id, { eventId: 'evt_false_success' });
    expect((await waitForStatus(payment.id, 'FAILED')).failureReason).toBe('Your card was declined.');
    expect(forgotten).toEqual(['evt_false_success']);
    await terminate(payment.id);
  });

  test('an expiry the provider confirms fails the checkout as expired, without payment.failed', async () => {
    const { payment } = await checkout();
    stripe.expireCheckout(String(payment.id));
    await signal(payment.id, { outcome: 'expired', failureReason: 'expired', type: 'checkout.session.expired' });
    expect((await waitForStatus(payment.id, 'FAILED')).failureReason).toBe('expired');
    expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${String(payment.id)}`);
    expect(forgotten).toEqual([]);
    await terminate(payment.id);
  });

  test(
    'a success confirmed after the checkout expired (a bank debit clearing days later) still pays the invoice',
    async () => {
      const { invoice, payment } = await checkout();
      await skip(24 * HOUR + MINUTE);
      expect((await waitForStatus(payment.id, 'FAILED')).failureReason).toBe('expired');

      stripe.completePayment(String(payment.id));
      await signal(payment.id, { type: 'checkout.session.async_payment_succeeded' });
      const paid = await waitForStatus(payment.id, 'SUCCEEDED');
      expect([paid.failureReason, paid.failedAt]).toEqual([null, null]);
      expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
        status: 'PAID',
        amountDue: 0,
      });
      const events = await recordedEvents(api.orm, tenant.tenantId);
      expect(events.filter((event) => event.startsWith('payment.succeeded'))).toHaveLength(1);
    },
    DAY_OF_CHECKS_MS,
  );

  test('void ends the open Stripe checkout: the session expires, the run ends, nobody is told of a failure', async () => {
    const { invoice, payment } = await checkout(20);
    expect((await call('POST', `/invoices/${String(invoice.id)}/void`)).status).toBe(200);
    await env.client.workflow.getHandle(paymentWorkflowId(tenant.tenantId, String(payment.id))).result();
    const session = stripe.sessions().find((candidate) => candidate.client_reference_id === String(payment.id));
    expect([session?.status, session?.url]).toEqual(['expired', null]);
    expect(() => {
      stripe.completePayment(String(payment.id));
    }).toThrow('expired');
    const canceled = await paymentOf(payment.id);
    expect([canceled.status, canceled.failureReason]).toEqual(['FAILED', 'canceled']);
    expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${String(payment.id)}`);
  });

  test('a checkout paid just before the invoice was marked paid is verified at once and becomes customer credit', async () => {
    const { invoice, payment } = await checkout(20);
    // The payer pays at Stripe; before Stripe's notification arrives, the invoice is marked paid by hand. The
    // session is no longer open, so it cannot be expired: the workflow asks Stripe, which confirms the payment.
    stripe.completePayment(String(payment.id));
    expect((await call('POST', `/invoices/${String(invoice.id)}/mark-paid`)).status).toBe(200);
    await waitForStatus(payment.id, 'SUCCEEDED');
    expect(await creditBalance(api.orm, tenant.tenantId, String(invoice.customerId), 'USD')).toBe(2000n);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'PAID',
      amountPaid: 20,
    });
  });

  test('a provider still unreachable after a few quick attempts gets no checkout: the payment fails and the request is a 502', async () => {
    await configureProvider(call, {
      provider: 'STRIPE',
      credentials: STRIPE_TEST_CREDENTIALS,
      apiBaseUrl: 'http://127.0.0.1:1',
    });
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const reply = await call('POST', `/invoices/${String(invoice.id)}/checkout`, { body: {} });
    expect([reply.status, reply.body.error]).toEqual([502, 'payment_provider_error']);
    expect(String(reply.body.message)).toContain('payment provider STRIPE');
    const [payment] = (await call('GET', `/payments?invoiceId=${String(invoice.id)}`)).body.data as Json[];
    const failed = await waitForStatus(payment?.id, 'FAILED');
    expect(failed.failureReason).toContain('could not be reached');
    expect(await recordedEvents(api.orm, tenant.tenantId)).toContain(`payment.failed:${String(payment?.id)}`);
  }, 60_000);
});
