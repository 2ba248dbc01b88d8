import { createHmac, randomBytes } from 'node:crypto';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { apiClient, type ApiCall } from '../../../test/harness/api-client';
import { memoryLogger } from '../../../test/harness/http-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { fixedClock } from '../../../domain/clock';
import type { ProviderKind } from '../../../domain/payments';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import type { ProviderNotificationSignal } from '../../../workflows/payments/messages';
import { AppError } from '../../platform/errors';
import type { GatewayFactory, InboundNotification, ParsedNotification, PaymentGateway } from '../gateways';
import type { ProviderCredentials } from '../providers';
import { receiveProviderNotification, type NotificationReceiptDeps, type PaymentNotificationSignaller } from './index';

/**
 * The inbound order of CONTRACT §11 against real PostgreSQL, with a gateway of this test's own: its notifications
 * are `{ reference, id, type, outcome }` signed by `x-test-signature` (hex HMAC-SHA256 of the body with the
 * configuration's `webhookSecret`), so what is proved here is the handler's order, not a provider's scheme (the
 * end-to-end tests do that with each provider's fake).
 */
const testGatewayFactory: GatewayFactory = (provider: ProviderCredentials): PaymentGateway => {
  const bodyOf = (notification: InboundNotification) =>
    JSON.parse(notification.rawBody.toString('utf8')) as {
      reference?: string;
      id: string;
      type: string;
      outcome?: string;
    };
  const unused = () => Promise.reject(new Error('not used by notifications'));
  return {
    provider: provider.provider,
    currencies: new Set(['USD']),
    createCheckout: unused,
    verifyPayment: unused,
    refund: unused,
    referenceOf: (notification) => bodyOf(notification).reference ?? null,
    verifyNotification: (notification, secrets) => {
      const expected = sign(notification.rawBody.toString('utf8'), secrets.credentials.webhookSecret ?? '');
      if (notification.headers['x-test-signature'] !== expected) return null;
      const body = bodyOf(notification);
      const reference = body.reference ?? null;
      if (body.outcome === undefined || reference === null) {
        return { kind: 'ignored', eventId: body.id, type: body.type, reference };
      }
      const parsed: ParsedNotification = {
        kind: 'payment',
        eventId: body.id,
        type: body.type,
        reference,
        outcome: body.outcome as 'succeeded',
        failureReason: null,
      };
      return parsed;
    },
  };
};

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

interface Signalled {
  tenantId: string;
  paymentId: string;
  signal: ProviderNotificationSignal;
}

describe('receiving a provider notification', () => {
  let api: TestApi;
  const now = new Date('2026-11-28T10:00:00.000Z');
  let signals: Signalled[];
  let failSignals: boolean;
  const recordingSignaller: PaymentNotificationSignaller = async (target, signal) => {
    await Promise.resolve();
    if (failSignals) throw new AppError('unavailable', 'temporal_unavailable', 'down');
    signals.push({ tenantId: target.tenantId, paymentId: target.paymentId, signal });
  };
  let deps: NotificationReceiptDeps;

  interface TenantWithPayment {
    tenant: TenantFixture;
    secret: string;
    paymentId: string;
  }

  /** A tenant with a Stripe configuration and one PENDING Stripe payment of an OPEN invoice. */
  async function tenantWithPayment(): Promise<TenantWithPayment> {
    const tenant = await createTenantFixture(api.orm, api.config);
    const call: ApiCall = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
    const secret = `whsec_${randomBytes(16).toString('hex')}`;
    const provider = await call('POST', '/payment-providers', {
      body: { provider: 'STRIPE', credentials: { secretKey: 'sk_test_receipt000000000000', webhookSecret: secret } },
    });
    expect(provider.status).toBe(201);
    const customer = await call('POST', '/customers', {
      body: { externalId: 'receipt', email: 'payer@example.com', currency: 'USD' },
    });
    const invoice = await call('POST', '/invoices', {
      body: { customerId: customer.body.id, items: [{ description: 'Work', quantity: 1, unitAmount: 25 }] },
    });
    expect((await call('POST', `/invoices/${String(invoice.body.id)}/finalize`)).status).toBe(200);
    const paymentId = newId('payment');
    const sql = tenantSql(api.orm, tenant.tenantId);
    await sql.transactional(async (transaction) => {
      await sql.query(
        `insert into ${sql.table('payments')} (id, invoice_id, customer_id, amount_minor, currency, provider, status,
           provider_id, expires_at)
         values (?, ?, ?, 2500, 'USD', 'STRIPE', 'PENDING', ?, ?)`,
        [paymentId, String(invoice.body.id), String(customer.body.id), String(provider.body.id), now],
        transaction,
      );
      await sql.query(
        `insert into central.payment_references (reference, tenant_id, payment_id, provider) values (?, ?, ?, 'STRIPE')`,
        [paymentId, tenant.tenantId, paymentId],
        transaction,
      );
    });
    return { tenant, secret, paymentId };
  }

  function notification(
    body: Record<string, unknown>,
    secret: string,
    options: { receivedAt?: Date; signature?: string } = {},
  ): InboundNotification {
    const text = JSON.stringify(body);
    return {
      rawBody: Buffer.from(text),
      headers: { 'x-test-signature': options.signature ?? sign(text, secret) },
      query: {},
      receivedAt: options.receivedAt ?? now,
    };
  }

  async function storedEvents(tenant: TenantFixture, paymentId: string) {
    const sql = tenantSql(api.orm, tenant.tenantId);
    return sql.query<{ event_id: string; type: string; payload: unknown }>(
      `select event_id, type, payload from ${sql.table('payment_events')} where payment_id = ? order by event_id`,
      [paymentId],
    );
  }

  const receive = (provider: ProviderKind, inbound: InboundNotification) =>
    receiveProviderNotification(deps, provider, inbound);

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    signals = [];
    failSignals = false;
    deps = {
      orm: api.orm,
      clock: fixedClock(now),
      logger: memoryLogger().logger,
      config: {
        encryptionKey: api.config.encryptionKey,
        webhookAllowPrivateTargets: true,
        apiPublicUrl: api.config.apiPublicUrl,
      },
      createGateway: testGatewayFactory,
      signal: recordingSignaller,
    };
  });

  it('stores a verified event once and signals its payment workflow with it', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const body = { reference: paymentId, id: 'evt_1', type: 'checkout.session.completed', outcome: 'succeeded' };

    const receipt = await receive('STRIPE', notification(body, secret));

    expect(receipt).toEqual({
      outcome: 'stored',
      tenantId: tenant.tenantId,
      paymentId,
      eventId: 'evt_1',
      signalled: true,
    });
    expect(signals).toEqual([
      {
        tenantId: tenant.tenantId,
        paymentId,
        signal: {
          kind: 'payment',
          eventId: 'evt_1',
          type: 'checkout.session.completed',
          outcome: 'succeeded',
          failureReason: null,
          providerReference: null,
          receivedAt: now.toISOString(),
        },
      },
    ]);
    expect(await storedEvents(tenant, paymentId)).toEqual([
      { event_id: 'evt_1', type: 'checkout.session.completed', payload: body },
    ]);
  });

  it('takes a repeated event as a repeat: stored once, signalled once, even when copies arrive together', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const inbound = notification({ reference: paymentId, id: 'evt_twice', type: 't', outcome: 'succeeded' }, secret);

    const receipts = await Promise.all(Array.from({ length: 5 }, () => receive('STRIPE', inbound)));
    const again = await receive('STRIPE', inbound);

    expect(receipts.map((receipt) => receipt.outcome).sort()).toEqual([
      'repeated',
      'repeated',
      'repeated',
      'repeated',
      'stored',
    ]);
    expect(again).toMatchObject({ outcome: 'repeated', signalled: false });
    expect(signals).toHaveLength(1);
    expect(await storedEvents(tenant, paymentId)).toHaveLength(1);
  });

  it('answers an unknown, malformed or missing reference with no effect', async () => {
    const { secret } = await tenantWithPayment();
    for (const reference of [newId('payment'), 'pay_not-an-id', "'; drop table payments; --", undefined]) {
      const body = { reference, id: `evt_${String(reference)}`, type: 't', outcome: 'succeeded' };
      expect(await receive('STRIPE', notification(body, secret))).toEqual({ outcome: 'unknown_reference' });
    }
    expect(signals).toEqual([]);
  });

  it('takes a reference given to another provider as unknown', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const body = { reference: paymentId, id: 'evt_other', type: 't', outcome: 'succeeded' };

    expect(await receive('PAYSTACK', notification(body, secret))).toEqual({ outcome: 'unknown_reference' });
    expect(await storedEvents(tenant, paymentId)).toEqual([]);
  });

  it('refuses a forged or tampered notification with 401 invalid_signature and stores nothing', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const body = { reference: paymentId, id: 'evt_forged', type: 't', outcome: 'succeeded' };
    const forged = notification(body, 'whsec_guessed');
    const tampered = notification(body, secret, { signature: sign(JSON.stringify({ ...body, id: 'x' }), secret) });
    const unsigned = { ...notification(body, secret), headers: {} };

    for (const inbound of [forged, tampered, unsigned]) {
      await expect(receive('STRIPE', inbound)).rejects.toMatchObject({
        kind: 'unauthenticated',
        code: 'invalid_signature',
      });
    }
    expect(signals).toEqual([]);
    expect(await storedEvents(tenant, paymentId)).toEqual([]);
  });

  it("refuses a notification signed with one tenant's secret that names another tenant's payment", async () => {
    const tenantA = await tenantWithPayment();
    const tenantB = await tenantWithPayment();
    const body = { reference: tenantB.paymentId, id: 'evt_cross', type: 't', outcome: 'succeeded' };

    await expect(receive('STRIPE', notification(body, tenantA.secret))).rejects.toMatchObject({
      code: 'invalid_signature',
    });
    expect(signals).toEqual([]);
    expect(await storedEvents(tenantB.tenant, tenantB.paymentId)).toEqual([]);
    expect(await storedEvents(tenantA.tenant, tenantA.paymentId)).toEqual([]);
  });

  it('leaves no event behind when the workflow cannot be signalled, so the provider retry is taken', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const inbound = notification({ reference: paymentId, id: 'evt_retry', type: 't', outcome: 'failed' }, secret);

    failSignals = true;
    await expect(receive('STRIPE', inbound)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await storedEvents(tenant, paymentId)).toEqual([]);

    failSignals = false;
    expect(await receive('STRIPE', inbound)).toMatchObject({ outcome: 'stored', signalled: true });
    expect(signals).toHaveLength(1);
  });

  it('stores an event it does not act on without signalling the workflow', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const inbound = notification({ reference: paymentId, id: 'evt_info', type: 'charge.updated' }, secret);

    expect(await receive('STRIPE', inbound)).toMatchObject({ outcome: 'stored', signalled: false });
    expect(signals).toEqual([]);
    expect(await storedEvents(tenant, paymentId)).toHaveLength(1);
  });

  it('stores a signed body holding text jsonb refuses, with those characters replaced', async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const body = { reference: paymentId, id: 'evt_nul', type: 't', note: 'a\u0000b', ['k\ud800']: 'lone \udc00' };

    expect(await receive('STRIPE', notification(body, secret))).toMatchObject({ outcome: 'stored' });

    const [stored] = await storedEvents(tenant, paymentId);
    expect(stored?.payload).toEqual({ ...body, note: 'a\ufffdb', ['k\ud800']: undefined, 'k\ufffd': 'lone \ufffd' });
  });

  it("deletes the tenant's events older than 90 days as new ones arrive, and keeps the younger", async () => {
    const { tenant, secret, paymentId } = await tenantWithPayment();
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    for (const [id, daysAgo] of [
      ['evt_91', 91],
      ['evt_89', 89],
    ] as const) {
      const inbound = notification({ reference: paymentId, id, type: 'old' }, secret, { receivedAt: at(daysAgo) });
      await receive('STRIPE', inbound);
    }

    await receive('STRIPE', notification({ reference: paymentId, id: 'evt_now', type: 'new' }, secret));

    expect((await storedEvents(tenant, paymentId)).map((event) => event.event_id)).toEqual(['evt_89', 'evt_now']);
  });
});
