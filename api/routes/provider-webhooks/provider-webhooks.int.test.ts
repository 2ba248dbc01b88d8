import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { toCurrencyCode } from '../../../domain/money';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { insertPendingPayment } from '../../../services/payments/records';
import { SIGNAL_TIMEOUT_MS } from '../../../services/payments/notifications';
import { apiClient, callApi, type ApiCall } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { deliverNotification, type ProviderNotification } from '../../../test/fakes/fake-provider';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { paymentWorkflowId } from '../../../workflows/shared/workflow-ids';

/**
 * `POST /api/webhooks/<provider>` through the real app: raw bytes to the signature check, the answers of CONTRACT
 * §11, the rate limit of its own, and the signal reaching Temporal (the run's dev server, on a task queue no worker
 * polls, so the signalled workflow is only recorded, not run). Each provider's whole path, with a worker, is in
 * test/payments/*.
 */
describe('POST /api/webhooks/:provider', () => {
  let api: TestApi;

  interface StripeTenant {
    tenant: TenantFixture;
    fake: StripeFake;
    paymentId: string;
  }
  const fakes: StripeFake[] = [];

  /** A tenant whose Stripe configuration points at a fake, with one PENDING Stripe payment of an OPEN invoice. */
  async function stripeTenant(): Promise<StripeTenant> {
    const tenant = await createTenantFixture(api.orm, api.config);
    const call: ApiCall = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
    const credentials = {
      secretKey: 'sk_test_webhooks0000000000',
      webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
    };
    const fake = await startStripeFake(credentials);
    fakes.push(fake);
    const provider = await call('POST', '/payment-providers', {
      body: { provider: 'STRIPE', credentials, apiBaseUrl: fake.url },
    });
    expect(provider.status).toBe(201);
    const customer = await call('POST', '/customers', {
      body: { externalId: 'webhooks', email: 'payer@example.com', currency: 'USD' },
    });
    const invoice = await call('POST', '/invoices', {
      body: { customerId: customer.body.id, items: [{ description: 'Work', quantity: 1, unitAmount: 25 }] },
    });
    expect((await call('POST', `/invoices/${String(invoice.body.id)}/finalize`)).status).toBe(200);
    const sql = tenantSql(api.orm, tenant.tenantId);
    const paymentId = newId('payment');
    const now = new Date();
    await sql.transactional((transaction) =>
      insertPendingPayment(sql, transaction, {
        id: paymentId,
        invoiceId: String(invoice.body.id),
        customerId: String(customer.body.id),
        amountMinor: 2500n,
        currency: toCurrencyCode('USD'),
        provider: 'STRIPE',
        providerId: String(provider.body.id),
        expiresAt: new Date(now.getTime() + 24 * 3600 * 1000),
        phoneNumber: null,
        successUrl: null,
        cancelUrl: null,
        callbackTokenHash: null,
        now,
      }),
    );
    return { tenant, fake, paymentId };
  }

  /** A paid Checkout Session's `checkout.session.completed`, signed as Stripe signs it. */
  function sessionCompleted(target: StripeTenant, options: { timestamp?: number; eventId?: string } = {}) {
    const event = {
      id: options.eventId ?? `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${randomBytes(8).toString('hex')}`,
          object: 'checkout.session',
          client_reference_id: target.paymentId,
          metadata: { reference: target.paymentId },
          payment_status: 'paid',
          status: 'complete',
          amount_total: 2500,
          currency: 'usd',
        },
      },
    };
    return target.fake.signedEvent(event, api.url, options.timestamp);
  }

  async function storedEventIds(target: StripeTenant): Promise<string[]> {
    const sql = tenantSql(api.orm, target.tenant.tenantId);
    const rows = await sql.query<{ event_id: string }>(
      `select event_id from ${sql.table('payment_events')} where payment_id = ? order by received_at`,
      [target.paymentId],
    );
    return rows.map((row) => row.event_id);
  }

  /** The signals the payment's workflow received, by event id; none when it was never started. */
  async function signalledEventIds(target: StripeTenant): Promise<string[]> {
    const handle = api.temporal.client.workflow.getHandle(paymentWorkflowId(target.tenant.tenantId, target.paymentId));
    let history;
    try {
      history = await handle.fetchHistory();
    } catch {
      return [];
    }
    return (history.events ?? []).flatMap((event) => {
      const signalled = event.workflowExecutionSignaledEventAttributes;
      if (signalled?.signalName !== 'providerNotification') return [];
      const payload = signalled.input?.payloads?.[0]?.data;
      return payload ? [(JSON.parse(Buffer.from(payload).toString('utf8')) as { eventId: string }).eventId] : [];
    });
  }

  const deliver = (notification: ProviderNotification) => deliverNotification(notification);

  beforeAll(async () => {
    // A queue no worker polls: the signalled workflows wait there, visible in their histories.
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('provider-webhooks') } });
  });
  afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
    await api.close();
  });

  it('takes a signed notification: 200, the event stored, the payment workflow signalled with it', async () => {
    const target = await stripeTenant();
    const notification = sessionCompleted(target);
    const eventId = (JSON.parse(notification.body) as { id: string }).id;

    const answer = await deliver(notification);

    expect(answer).toEqual({ statusCode: 200, text: JSON.stringify({ received: true }) });
    expect(await storedEventIds(target)).toEqual([eventId]);
    expect(await signalledEventIds(target)).toEqual([eventId]);
  });

  it('stores and signals a replayed event once', async () => {
    const target = await stripeTenant();
    const notification = sessionCompleted(target);

    const answers = [await deliver(notification), await deliver(notification), await deliver(notification)];

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await storedEventIds(target)).toHaveLength(1);
    expect(await signalledEventIds(target)).toHaveLength(1);
  });

  it('refuses a forged, tampered, unsigned or stale (over 300 s) notification with 401 and changes nothing', async () => {
    const target = await stripeTenant();
    const genuine = sessionCompleted(target);
    const forged = {
      ...genuine,
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    };
    const tampered = { ...genuine, body: genuine.body.replace('"paid"', '"paid" ') };
    const unsigned = { ...genuine, headers: {} };
    const stale = sessionCompleted(target, { timestamp: Math.floor(Date.now() / 1000) - 301 });

    for (const notification of [forged, tampered, unsigned, stale]) {
      const answer = await deliver(notification);
      expect(answer.statusCode).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 401, error: 'invalid_signature' });
    }
    expect(await storedEventIds(target)).toEqual([]);
    expect(await signalledEventIds(target)).toEqual([]);
  });

  it("refuses with 401 a notification signed with one tenant's secret that names another tenant's payment", async () => {
    const tenantA = await stripeTenant();
    const tenantB = await stripeTenant();
    const crossed = tenantA.fake.signedEvent(JSON.parse(sessionCompleted(tenantB).body) as object, api.url);

    expect((await deliver(crossed)).statusCode).toBe(401);
    expect(await storedEventIds(tenantB)).toEqual([]);
    expect(await signalledEventIds(tenantB)).toEqual([]);
  });

  it('answers 200 with no effect for a reference of no payment, or a body with none', async () => {
    const target = await stripeTenant();
    const unknown = { ...target, paymentId: newId('payment') };
    for (const notification of [sessionCompleted(unknown), target.fake.signedEvent({ hello: 'world' }, api.url)]) {
      expect(await deliver(notification)).toEqual({ statusCode: 200, text: JSON.stringify({ received: true }) });
    }
    expect(await signalledEventIds(unknown)).toEqual([]);
  });

  it('answers 200 with no effect to any JSON that names no payment of ours, on every provider route', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { data: null },
      { data: { object: [] } },
      { Body: 5 },
      '\u0000',
    ];
    for (const provider of ['stripe', 'paystack', 'flutterwave', 'mpesa']) {
      for (const body of bodies) {
        const query = provider === 'mpesa' ? '?reference=pay_x&token=t' : '';
        const answer = await callApi(`${api.url}/api/webhooks/${provider}${query}`, { method: 'POST', body });
        expect({ provider, body, status: answer.status }).toEqual({ provider, body, status: 200 });
      }
    }
  });

  it('ignores query parameters the M-Pesa callback does not know, as every provider route does: 200, no effect', async () => {
    const body = { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_x', ResultCode: 0 } } };
    for (const query of [
      '?reference=pay_x&token=t&foo=1',
      '?foo=1&foo=2&utm_source=daraja',
      '?reference=pay_x&token=t&refund=ref_x&x%5B%5D=1&empty=',
    ]) {
      for (const provider of ['mpesa', 'stripe']) {
        const answer = await callApi(`${api.url}/api/webhooks/${provider}${query}`, { method: 'POST', body });
        expect({ provider, query, status: answer.status, body: answer.body }).toEqual({
          provider,
          query,
          status: 200,
          body: { received: true },
        });
      }
    }
  });

  it('answers 400 to a notification without a body, and 415 to one that is not JSON', async () => {
    const empty = await callApi(`${api.url}/api/webhooks/stripe`, { method: 'POST' });
    const text = await fetch(`${api.url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'reference=x',
    });

    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'notification_body_missing' });
    expect(text.status).toBe(415);
  });

  it('is not held to the anonymous per-IP limit, even when refused before routing: its own window of 6,000 per minute', async () => {
    const limited = await startTestApi({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '2' } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          callApi(`${limited.url}/api/webhooks/flutterwave`, { method: 'POST', body: { event: 'charge.completed' } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((answer) => answer.headers.get('ratelimit-limit'))).toEqual(Array(5).fill('6000'));
      // Refused before routing (not JSON, malformed): counted on the same window, not the anonymous one.
      const refused = await Promise.all(
        Array.from({ length: 3 }, () =>
          fetch(`${limited.url}/api/webhooks/paystack`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: 'x',
          }),
        ),
      );
      expect(refused.map((answer) => [answer.status, answer.headers.get('ratelimit-limit')])).toEqual(
        Array(3).fill([415, '6000']),
      );
    } finally {
      await limited.close();
    }
  });

  it('answers 503 within the signal timeout and stores nothing when Temporal does not answer', async () => {
    const target = await stripeTenant();
    // A Temporal that takes connections and never answers (hung, or overloaded): the call waits until aborted.
    const held: Socket[] = [];
    const hung = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const down = await startTestApi({
      env: { TEMPORAL_ADDRESS: `127.0.0.1:${String((hung.address() as AddressInfo).port)}` },
    });
    try {
      const notification = sessionCompleted(target);
      const started = performance.now();
      const answer = await deliverNotification({ ...notification, url: notification.url.replace(api.url, down.url) });
      expect(answer.statusCode).toBe(503);
      // Bounded by the signal timeout, not by the provider's retry: the slack covers a machine busy with the suite.
      expect(performance.now() - started).toBeLessThan(SIGNAL_TIMEOUT_MS + 5_000);
      expect(JSON.parse(answer.text)).toMatchObject({ error: 'temporal_unavailable' });
      expect(await storedEventIds(target)).toEqual([]);

      // The provider's retry, once Temporal answers again, is taken as new.
      expect((await deliver(notification)).statusCode).toBe(200);
      expect(await storedEventIds(target)).toHaveLength(1);
      expect(await signalledEventIds(target)).toHaveLength(1);
    } finally {
      await down.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
