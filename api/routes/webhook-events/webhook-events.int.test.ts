import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import type { WebhookEventType } from '../../../domain/webhooks';
import { recordOutboxEvent } from '../../../services/platform/webhooks';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { webhookDeliveryWorkflowId } from '../../../workflows/shared/workflow-ids';

describe('webhook history (/tenants/me/webhook-events)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('webhook-events') } });
  });
  afterAll(() => api.close());

  const client = apiClient(() => ({ baseUrl: `${api.url}/api` }));
  const call = (token: string | undefined, method: string, path: string) => client(method, path, { token });
  const sqlOf = (tenant: TenantFixture) => tenantSql(api.orm, tenant.tenantId);
  const tenantWithTarget = async (webhookUrl: string | null = 'https://hooks.example.com/billing') => {
    const tenant = await createTenantFixture(api.orm, api.config);
    await api.orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [webhookUrl, tenant.tenantId], 'run');
    return tenant;
  };
  /** An event as the outbox holds it after its first series: status, recorded at `createdAt`. */
  const seed = async (
    tenant: TenantFixture,
    options: { type?: WebhookEventType; status?: string; createdAt?: string; series?: number } = {},
  ) => {
    const sql = sqlOf(tenant);
    const id = await sql.transactional((transaction) =>
      recordOutboxEvent(sql, transaction, {
        type: options.type ?? 'invoice.paid',
        data: { id: 'inv_01JD7X3Q8K9V2N4M6P8R0S2T4W', status: 'PAID' },
        occurredAt: new Date(options.createdAt ?? '2026-11-20T10:00:00.000Z'),
        testClockId: null,
      }),
    );
    await sql.query(
      `update ${sql.table('webhook_events')}
          set status = ?, created_at = ?, delivery_series = ?, dispatched_at = now() where id = ?`,
      [options.status ?? 'DELIVERED', options.createdAt ?? '2026-11-20T10:00:00.000Z', options.series ?? 1, id],
    );
    return id;
  };
  const ids = (body: Json) => (body.data as { id: string }[]).map((event) => event.id);

  test('401 without a token and with an API key (a /tenants route takes the owner’s JWT)', async () => {
    const tenant = await tenantWithTarget();
    expect((await call(undefined, 'GET', '/tenants/me/webhook-events')).status).toBe(401);
    expect((await call(tenant.apiKey, 'GET', '/tenants/me/webhook-events')).status).toBe(401);
    expect((await call(tenant.apiKey, 'POST', '/tenants/me/webhook-events/whe_x/redeliver')).status).toBe(401);
  });

  test('lists newest first in the envelope, filtered by event, status and dateFrom/dateTo', async () => {
    const tenant = await tenantWithTarget();
    const oldest = await seed(tenant, { type: 'invoice.paid', createdAt: '2026-11-01T08:00:00.000Z' });
    const failed = await seed(tenant, {
      type: 'subscription.created',
      status: 'FAILED',
      createdAt: '2026-11-10T23:59:00.000Z',
    });
    const newest = await seed(tenant, { type: 'invoice.paid', createdAt: '2026-11-11T00:00:00.000Z' });
    const token = tenant.accessToken;

    const all = await call(token, 'GET', '/tenants/me/webhook-events');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([newest, failed, oldest]);
    expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    const [first] = all.body.data as Json[];
    expect(first).toEqual({
      id: newest,
      event: 'invoice.paid',
      status: 'DELIVERED',
      createdAt: '2026-11-11T00:00:00.000Z',
      occurredAt: '2026-11-11T00:00:00.000Z',
      deliveredAt: null,
      testClockId: null,
      data: { id: 'inv_01JD7X3Q8K9V2N4M6P8R0S2T4W', status: 'PAID' },
      attempts: [],
    });

    const page2 = await call(token, 'GET', '/tenants/me/webhook-events?limit=2&page=2');
    expect(ids(page2.body)).toEqual([oldest]);
    expect(page2.body.meta).toEqual({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(ids((await call(token, 'GET', '/tenants/me/webhook-events?event=invoice.paid')).body)).toEqual([
      newest,
      oldest,
    ]);
    expect(ids((await call(token, 'GET', '/tenants/me/webhook-events?status=FAILED')).body)).toEqual([failed]);
    // A date as dateTo covers its whole day; a timestamp is exact.
    expect(ids((await call(token, 'GET', '/tenants/me/webhook-events?dateTo=2026-11-10')).body)).toEqual([
      failed,
      oldest,
    ]);
    const range = '?dateFrom=2026-11-10T12:00:00Z&dateTo=2026-11-11T00:00:00.000Z';
    expect(ids((await call(token, 'GET', `/tenants/me/webhook-events${range}`)).body)).toEqual([newest, failed]);
    expect(ids((await call(token, 'GET', '/tenants/me/webhook-events?dateFrom=2026-11-11')).body)).toEqual([newest]);

    for (const bad of ['event=invoice.unknown', 'status=LOST', 'dateFrom=yesterday', 'dateTo=2026-13-45', 'x=1']) {
      const reply = await call(token, 'GET', `/tenants/me/webhook-events?${bad}`);
      expect({ bad, status: reply.status, error: reply.body.error }).toEqual({
        bad,
        status: 400,
        error: 'validation_failed',
      });
    }
  });

  test('shows the test clock of a clock customer’s events (null for the others) and filters by it', async () => {
    const tenant = await tenantWithTarget();
    const send = (method: string, path: string, body?: unknown) => client(method, path, { token: tenant.apiKey, body });
    const clock = await send('POST', '/test-clocks', { name: 'Wallets', frozenTime: '2027-01-15T00:00:00.000Z' });
    expect(clock.status).toBe(201);
    const clockId = String(clock.body.id);
    const walletOf = async (externalId: string, onClock: boolean) => {
      const customer = await send('POST', '/customers', {
        externalId,
        email: `${externalId}@example.com`,
        currency: 'USD',
        ...(onClock ? { testClockId: clockId } : {}),
      });
      expect(customer.status).toBe(201);
      const wallet = await send('POST', '/wallets', { customerId: customer.body.id, grantedCredits: 10 });
      expect(wallet.status).toBe(201);
      return String(wallet.body.id);
    };
    const clockWallet = await walletOf('on-clock', true);
    const plainWallet = await walletOf('on-wall-clock', false);
    const token = tenant.accessToken;
    const created = (await call(token, 'GET', '/tenants/me/webhook-events?event=wallet.created')).body.data as Json[];
    const byWallet = new Map(created.map((event) => [(event.data as Json).id, event]));
    expect(byWallet.get(clockWallet)?.testClockId).toBe(clockId);
    expect(byWallet.get(plainWallet)?.testClockId).toBeNull();

    const one = await call(token, 'GET', `/tenants/me/webhook-events/${String(byWallet.get(clockWallet)?.id)}`);
    expect(one.status).toBe(200);
    expect(one.body.testClockId).toBe(clockId);
    const ofClock = await call(token, 'GET', `/tenants/me/webhook-events?testClockId=${clockId}`);
    expect(ofClock.status).toBe(200);
    const listed = ofClock.body.data as Json[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((event) => event.testClockId === clockId)).toBe(true);
    expect(listed.map((event) => event.id)).toContain(byWallet.get(clockWallet)?.id);
    expect(ofClock.body.meta).toMatchObject({ total: listed.length });
    const otherClock = 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W';
    const none = await call(token, 'GET', `/tenants/me/webhook-events?testClockId=${otherClock}`);
    expect({ status: none.status, data: none.body.data }).toEqual({ status: 200, data: [] });
  });

  test('one event with its attempts; another tenant’s or an unknown id is 404', async () => {
    const tenant = await tenantWithTarget();
    const other = await tenantWithTarget();
    const eventId = await seed(tenant, { status: 'DELIVERED' });
    const sql = sqlOf(tenant);
    const attemptIds = [newId('webhookAttempt'), newId('webhookAttempt')];
    await sql.query(
      `insert into ${sql.table('webhook_attempts')}
         (id, event_id, series, number, attempted_at, status_code, duration_ms, error, response_excerpt)
       values (?, ?, 1, 1, '2026-11-20T10:00:00.100Z', 500, 42, 'HTTP 500', 'oops'),
              (?, ?, 1, 2, '2026-11-20T10:05:00.000Z', 200, 17, null, 'ok')`,
      [attemptIds[0]!, eventId, attemptIds[1]!, eventId],
    );

    const reply = await call(tenant.accessToken, 'GET', `/tenants/me/webhook-events/${eventId}`);

    expect(reply.status).toBe(200);
    expect(reply.body.attempts).toEqual([
      {
        id: attemptIds[0],
        number: 1,
        series: 1,
        attemptedAt: '2026-11-20T10:00:00.100Z',
        statusCode: 500,
        durationMs: 42,
        error: 'HTTP 500',
        responseExcerpt: 'oops',
      },
      {
        id: attemptIds[1],
        number: 2,
        series: 1,
        attemptedAt: '2026-11-20T10:05:00.000Z',
        statusCode: 200,
        durationMs: 17,
        error: null,
        responseExcerpt: 'ok',
      },
    ]);
    const listed = await call(tenant.accessToken, 'GET', '/tenants/me/webhook-events');
    expect((listed.body.data as Json[])[0]?.attempts).toEqual(reply.body.attempts);
    for (const [token, id] of [
      [other.accessToken, eventId],
      [tenant.accessToken, newId('webhookEvent')],
      [tenant.accessToken, 'nonsense'],
    ] as const) {
      const missing = await call(token, 'GET', `/tenants/me/webhook-events/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('webhook_event_not_found');
    }
    expect((await call(other.accessToken, 'POST', `/tenants/me/webhook-events/${eventId}/redeliver`)).status).toBe(404);
  });

  test('redeliver starts series 2 (`webhook:<tenant>:<event>-2`) and answers PENDING; again while it runs, series 3', async () => {
    const tenant = await tenantWithTarget();
    const eventId = await seed(tenant, { status: 'FAILED', series: 1 });

    const reply = await call(tenant.accessToken, 'POST', `/tenants/me/webhook-events/${eventId}/redeliver`);

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: eventId, status: 'PENDING', deliveredAt: null });
    const workflowId = webhookDeliveryWorkflowId(tenant.tenantId, eventId, 2);
    expect(workflowId).toBe(`webhook:${tenant.tenantId}:${eventId}-2`);
    const description = await api.temporal.client.workflow.getHandle(workflowId).describe();
    expect(description.type).toBe('webhookDeliveryWorkflow');
    expect(description.status.name).toBe('RUNNING');
    const sql = sqlOf(tenant);
    const [row] = await sql.query<{ delivery_series: number; dispatched_at: Date | null }>(
      `select delivery_series, dispatched_at from ${sql.table('webhook_events')} where id = ?`,
      [eventId],
    );
    expect(row?.delivery_series).toBe(2);
    expect(row?.dispatched_at).not.toBeNull();

    // A tenant that fixed its receiver need not wait out the ladder: series 2 stops at its next attempt.
    const again = await call(tenant.accessToken, 'POST', `/tenants/me/webhook-events/${eventId}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: eventId, status: 'PENDING' });
    const third = webhookDeliveryWorkflowId(tenant.tenantId, eventId, 3);
    expect((await api.temporal.client.workflow.getHandle(third).describe()).status.name).toBe('RUNNING');
    const [after] = await sql.query<{ delivery_series: number }>(
      `select delivery_series from ${sql.table('webhook_events')} where id = ?`,
      [eventId],
    );
    expect(after?.delivery_series).toBe(3);
    for (const id of [workflowId, third]) await api.temporal.client.workflow.getHandle(id).terminate('test over');
  });

  test('redeliver of a first series still pending starts series 2; without a webhook URL it is 409', async () => {
    const tenant = await tenantWithTarget();
    const pending = await seed(tenant, { status: 'PENDING' });
    const redelivered = await call(tenant.accessToken, 'POST', `/tenants/me/webhook-events/${pending}/redeliver`);
    expect(redelivered).toMatchObject({ status: 200, body: { id: pending, status: 'PENDING' } });
    const second = webhookDeliveryWorkflowId(tenant.tenantId, pending, 2);
    await api.temporal.client.workflow.getHandle(second).terminate('test over');

    const targetless = await tenantWithTarget(null);
    const skipped = await seed(targetless, { status: 'SKIPPED', series: 0 });
    const noTarget = await call(targetless.accessToken, 'POST', `/tenants/me/webhook-events/${skipped}/redeliver`);
    expect(noTarget.status).toBe(409);
    expect(noTarget.body.error).toBe('webhook_url_not_set');
  });
});
