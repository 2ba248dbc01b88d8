import { sqlOf } from '../infra/db/sql';
import { requestFingerprint } from '../services/platform/idempotency';
import { type ApiReply, type Json } from '../test/harness/api-client';
import { setUpResourceTest } from '../test/fixtures/resource-test';

/** CONTRACT §15: Idempotency-Key on API-key POSTs. */
describe('idempotent requests (Idempotency-Key)', () => {
  const { api, tenant, call, createCustomer } = setUpResourceTest();
  let sequence = 0;

  const withKey = (key: string) => ({ 'Idempotency-Key': key });
  const uniqueKey = () => `key-${Date.now()}-${++sequence}`;
  const customerBody = (n = ++sequence): Json => ({
    externalId: `idem-${n}`,
    email: `idem-${n}@example.com`,
    currency: 'USD',
  });
  const total = async (path: string): Promise<number> => {
    const listed = await call<{ meta: { total: number } }>('GET', path);
    expect(listed.status).toBe(200);
    return listed.body.meta.total;
  };
  const expectReplayOf = (replay: ApiReply, first: ApiReply) => {
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  };

  it('replays a retried POST /invoices: one invoice, the same answer', async () => {
    const customerId = await createCustomer();
    const body = { customerId, items: [{ description: 'Workshop', quantity: 1, unitAmount: 150 }] };
    const key = uniqueKey();
    const first = await call('POST', '/invoices', { body, headers: withKey(key) });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expectReplayOf(await call('POST', '/invoices', { body, headers: withKey(key) }), first);
    expect(await total(`/invoices?customerId=${customerId}`)).toBe(1);
  });

  it('replays a retried POST /subscriptions: one subscription', async () => {
    const customerId = await createCustomer();
    const plan = await call('POST', '/plans', {
      body: {
        name: 'Pro',
        code: `pro-${++sequence}`,
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 10 }],
      },
    });
    expect(plan.status).toBe(201);
    const body = { customerId, planId: plan.body.id, currency: 'USD' };
    const key = uniqueKey();
    const first = await call('POST', '/subscriptions', { body, headers: withKey(key) });
    expect(first.status).toBe(201);
    expectReplayOf(await call('POST', '/subscriptions', { body, headers: withKey(key) }), first);
    expect(await total(`/subscriptions?customerId=${customerId}`)).toBe(1);
  });

  it('creates one record from concurrent requests with one key; the others replay it or wait (409)', async () => {
    const body = customerBody();
    const key = uniqueKey();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/customers', { body, headers: withKey(key) })),
    );
    const created = replies.filter((reply) => reply.status === 201);
    const inProgress = replies.filter((reply) => reply.status === 409);
    expect(created.length + inProgress.length).toBe(replies.length);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((reply) => reply.body.id)).size).toBe(1);
    for (const reply of inProgress) expect(reply.body.error).toBe('idempotency_request_in_progress');
    expect(await total(`/customers?search=${String(body.externalId)}`)).toBe(1);
  });

  it('ignores the order of keys in the body', async () => {
    const key = uniqueKey();
    const first = await call('POST', '/customers', {
      body: { externalId: `order-${++sequence}`, email: 'order@example.com', currency: 'USD' },
      headers: withKey(key),
    });
    expect(first.status).toBe(201);
    const again = await call('POST', '/customers', {
      body: { currency: 'USD', email: 'order@example.com', externalId: `order-${sequence}` },
      headers: withKey(key),
    });
    expectReplayOf(again, first);
  });

  it('refuses the key for another body or another path with 422 idempotency_key_reused', async () => {
    const key = uniqueKey();
    expect((await call('POST', '/customers', { body: customerBody(), headers: withKey(key) })).status).toBe(201);
    for (const [path, body] of [
      ['/customers', customerBody()],
      ['/plans', { name: 'Other', code: 'other', billingInterval: 'MONTHLY', prices: [] }],
    ] as const) {
      const reused = await call('POST', path, { body, headers: withKey(key) });
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({ statusCode: 422, error: 'idempotency_key_reused' });
    }
  });

  it('takes the path as the router matches it: a trailing slash or another case of the route is the same request', async () => {
    const customerId = await createCustomer();
    const body = { customerId, items: [{ description: 'Workshop', quantity: 1, unitAmount: 150 }] };
    const key = uniqueKey();
    const first = await call('POST', '/invoices', { body, headers: withKey(key) });
    expect(first.status).toBe(201);
    for (const path of ['/invoices/', '/INVOICES', '/Invoices/']) {
      expectReplayOf(await call('POST', path, { body, headers: withKey(key) }), first);
    }
    expect(await total(`/invoices?customerId=${customerId}`)).toBe(1);
    const otherBody = { customerId, items: [{ description: 'Workshop', quantity: 2, unitAmount: 150 }] };
    const reused = await call('POST', '/INVOICES/', { body: otherBody, headers: withKey(key) });
    expect([reused.status, reused.body.error]).toEqual([422, 'idempotency_key_reused']);
  });

  it('takes an action sent without a body and with {} as one request, and another id (or its case) as another', async () => {
    const customerId = await createCustomer();
    const draft = async (): Promise<string> => {
      const invoice = await call('POST', '/invoices', {
        body: { customerId, items: [{ description: 'Workshop', quantity: 1, unitAmount: 150 }] },
      });
      expect(invoice.status).toBe(201);
      return String(invoice.body.id);
    };
    const [id, otherId] = [await draft(), await draft()];
    const key = uniqueKey();
    const first = await call('POST', `/invoices/${id}/finalize`, { headers: withKey(key) });
    expect(first.status).toBe(200);
    expectReplayOf(await call('POST', `/invoices/${id}/finalize`, { body: {}, headers: withKey(key) }), first);
    expectReplayOf(await call('POST', `/Invoices/${id}/FINALIZE/`, { headers: withKey(key) }), first);
    // The router decodes a parameter: `inv%5F...` is the id `inv_...`.
    expectReplayOf(
      await call('POST', `/invoices/${id.replace('_', '%5F')}/finalize`, { headers: withKey(key) }),
      first,
    );
    // An id is a value: the router keeps its case, so `INV_...` names another invoice (if any), not this one.
    for (const path of [`/invoices/${otherId}/finalize`, `/invoices/${id.toUpperCase()}/finalize`]) {
      const reused = await call('POST', path, { body: {}, headers: withKey(key) });
      expect([reused.status, reused.body.error]).toEqual([422, 'idempotency_key_reused']);
    }
    expect((await call('GET', `/invoices/${otherId}`)).body.status).toBe('DRAFT');
  });

  it('keeps an error the handler answered, and replays it', async () => {
    const body = {
      customerId: 'cust_01JD0000000000000000000000',
      items: [{ description: 'x', quantity: 1, unitAmount: 1 }],
    };
    const key = uniqueKey();
    const first = await call('POST', '/invoices', { body, headers: withKey(key) });
    expect(first.status).toBe(404);
    expectReplayOf(await call('POST', '/invoices', { body, headers: withKey(key) }), first);
  });

  it('never keeps a validation refusal: the corrected request under the same key runs', async () => {
    const key = uniqueKey();
    const refused = await call('POST', '/customers', { body: { externalId: 'x' }, headers: withKey(key) });
    expect(refused.status).toBe(400);
    const body = customerBody();
    const created = await call('POST', '/customers', { body, headers: withKey(key) });
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
  });

  it('never keeps a validation refusal the handler makes either: an event for a metric created afterwards runs', async () => {
    const customerId = await createCustomer();
    const plan = await call('POST', '/plans', {
      body: { name: 'Metered', code: `metered-${++sequence}`, billingInterval: 'MONTHLY', prices: [] },
    });
    expect(plan.status).toBe(201);
    const subscription = await call('POST', '/subscriptions', {
      body: { customerId, planId: plan.body.id, currency: 'USD' },
    });
    expect(subscription.status).toBe(201);
    const code = `calls-${++sequence}`;
    const body = { transactionId: `tx-${sequence}`, subscriptionId: subscription.body.id, code };
    const key = uniqueKey();
    // The metric's code is checked against the tenant's metrics, inside the handler.
    const refused = await call('POST', '/events', { body, headers: withKey(key) });
    expect([refused.status, refused.body.error]).toEqual([400, 'validation_failed']);
    const metric = await call('POST', '/billable-metrics', { body: { name: 'Calls', code, aggregationType: 'COUNT' } });
    expect(metric.status).toBe(201);
    const stored = await call('POST', '/events', { body, headers: withKey(key) });
    expect(stored.status).toBe(201);
    expect(stored.headers.get('idempotent-replayed')).toBeNull();
    expectReplayOf(await call('POST', '/events', { body, headers: withKey(key) }), stored);
  });

  it('never keeps a 400 with a code of its own either: a subscription starting in the future, then today', async () => {
    const customerId = await createCustomer();
    const plan = await call('POST', '/plans', {
      body: { name: 'Dated', code: `dated-${++sequence}`, billingInterval: 'MONTHLY', prices: [] },
    });
    expect(plan.status).toBe(201);
    const body = { customerId, planId: plan.body.id, currency: 'USD' };
    const key = uniqueKey();
    const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const refused = await call('POST', '/subscriptions', {
      body: { ...body, startDate: future },
      headers: withKey(key),
    });
    expect([refused.status, refused.body.error]).toEqual([400, 'start_date_in_future']);
    const created = await call('POST', '/subscriptions', { body, headers: withKey(key) });
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
  });

  it('reads the header on API-key POSTs only: elsewhere an empty one is ignored, not refused', async () => {
    expect((await call('GET', '/customers', { headers: withKey('') })).status).toBe(200);
    const empty = await call('POST', '/customers', { body: customerBody(), headers: withKey('') });
    expect(empty.status).toBe(400);
  });

  it('scopes keys per API key', async () => {
    const other = await call('POST', '/tenants/me/api-keys', {
      token: tenant.accessToken,
      body: { name: 'Second', scopes: ['customers:write', 'customers:read'] },
    });
    expect(other.status).toBe(201);
    const body = customerBody();
    const key = uniqueKey();
    expect((await call('POST', '/customers', { body, headers: withKey(key) })).status).toBe(201);
    const fromOtherKey = await call('POST', '/customers', {
      body,
      headers: withKey(key),
      token: String(other.body.key),
    });
    // Not a replay: the other key's request runs, and meets the first customer's externalId.
    expect(fromOtherKey.headers.get('idempotent-replayed')).toBeNull();
    expect(fromOtherKey.status).toBe(409);
  });

  it('treats a repeat after 24 h as a new request', async () => {
    const key = uniqueKey();
    const body = customerBody();
    expect((await call('POST', '/customers', { body, headers: withKey(key) })).status).toBe(201);
    await sqlOf(api.orm).query(
      `update central.idempotency_keys set created_at = now() - interval '25 hours'
        where api_key_id = ? and idempotency_key = ?`,
      [tenant.apiKeyId, key],
    );
    const later = await call('POST', '/customers', { body, headers: withKey(key) });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.status).toBe(409);
    expect(later.body.error).toBe('customer_external_id_taken');
  });

  it('answers 409 idempotency_request_in_progress while the first request runs (its lease is live)', async () => {
    const key = uniqueKey();
    const body = customerBody();
    const fingerprint = requestFingerprint({ method: 'POST', path: '/api/customers', body });
    await sqlOf(api.orm).query(
      'insert into central.idempotency_keys (api_key_id, idempotency_key, fingerprint) values (?, ?, ?)',
      [tenant.apiKeyId, key, fingerprint],
    );
    const repeat = await call('POST', '/customers', { body, headers: withKey(key) });
    expect(repeat.status).toBe(409);
    expect(repeat.body.error).toBe('idempotency_request_in_progress');
  });

  it('lets a repeat take over a request whose process died, once its lease lapsed, and keeps that answer', async () => {
    const key = uniqueKey();
    const body = customerBody();
    const fingerprint = requestFingerprint({ method: 'POST', path: '/api/customers', body });
    // What a process killed mid-request leaves: the key claimed, no answer, a lease nobody renews any more.
    await sqlOf(api.orm).query(
      `insert into central.idempotency_keys
         (api_key_id, idempotency_key, fingerprint, created_at, lease_owner, lease_expires_at)
       values (?, ?, ?, now() - interval '2 minutes', 'killed-process', now() - interval '1 minute')`,
      [tenant.apiKeyId, key, fingerprint],
    );
    const takenOver = await call('POST', '/customers', { body, headers: withKey(key) });
    expect(takenOver.status).toBe(201);
    expect(takenOver.headers.get('idempotent-replayed')).toBeNull();
    expectReplayOf(await call('POST', '/customers', { body, headers: withKey(key) }), takenOver);
    expect(await total(`/customers?search=${String(body.externalId)}`)).toBe(1);
  });

  it('answers a re-run of a credit note whose answer was lost with the note it made, not a second one', async () => {
    const customerId = await createCustomer();
    const invoice = await call('POST', '/invoices', {
      body: { customerId, items: [{ description: 'Workshop', quantity: 1, unitAmount: 150 }] },
    });
    expect((await call('POST', `/invoices/${String(invoice.body.id)}/finalize`)).status).toBe(200);
    const key = uniqueKey();
    const body = { invoiceId: invoice.body.id, reason: 'OTHER', amount: 20 };
    const first = await call('POST', '/credit-notes', { body, headers: withKey(key) });
    expect(first.status).toBe(201);
    // What a process killed after the note's commit and before keeping its answer leaves: no answer, a dead lease.
    await sqlOf(api.orm).query(
      `update central.idempotency_keys set response_status = null, response_body = null, completed_at = null,
              lease_owner = 'killed-process', lease_expires_at = now() - interval '1 minute'
        where api_key_id = ? and idempotency_key = ?`,
      [tenant.apiKeyId, key],
    );
    const rerun = await call('POST', '/credit-notes', { body, headers: withKey(key) });
    expect(rerun.status).toBe(201);
    expect(rerun.body.id).toBe(first.body.id);
    expect(await total(`/credit-notes?invoiceId=${String(invoice.body.id)}`)).toBe(1);
  });

  it('refuses a key longer than 255 characters, naming the header', async () => {
    const refused = await call('POST', '/customers', { body: customerBody(), headers: withKey('k'.repeat(256)) });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'headers.idempotency-key', message: 'must be 1 to 255 characters' }]);
  });

  it('documents the header and its answers on every API-key POST', async () => {
    const document = await call<{
      paths: Record<string, Record<string, { parameters: { name: string }[]; responses: Record<string, unknown> }>>;
    }>('GET', '/openapi.json', { token: null });
    const operation = document.body.paths['/api/customers']?.post;
    expect(operation?.parameters.map((parameter) => parameter.name)).toContain('Idempotency-Key');
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    const jwtPost = document.body.paths['/api/tenants/me/api-keys']?.post;
    expect(jwtPost?.parameters.map((parameter) => parameter.name)).not.toContain('Idempotency-Key');
  });
});
