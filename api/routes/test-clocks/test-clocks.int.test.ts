import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { TestClockAdvancer } from '../../../services/catalog/test-clocks';

/** What the routes told the clock's workflow, in order (the workflow itself is not run here). */
const told: Json[] = [];
const recordingAdvancer: TestClockAdvancer = {
  advance: (input) => {
    told.push({ kind: 'advance', ...input });
    return Promise.resolve();
  },
  deleted: (input) => {
    told.push({ kind: 'deleted', ...input });
    return Promise.resolve();
  },
};

describe('test clocks (/test-clocks)', () => {
  const { api, call, tenant, sql } = setUpResourceTest({ api: { temporal: { testClockAdvancer: recordingAdvancer } } });
  beforeEach(() => {
    told.length = 0;
  });

  const START = '2027-01-01T00:00:00.000Z';
  const create = (body: unknown = { name: 'Renewals', frozenTime: START }) => call('POST', '/test-clocks', { body });
  const advance = (id: string, frozenTime: string) =>
    call('POST', `/test-clocks/${id}/advance`, { body: { frozenTime } });
  const detailPaths = (body: Json) => (body.details as { path: string }[]).map((detail) => detail.path);

  it('creates a clock READY at its time, reads it back and lists it newest first', async () => {
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^clk_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      name: 'Renewals',
      frozenTime: START,
      status: 'READY',
      customerCount: 0,
      createdAt: expect.any(String) as unknown,
    });
    const unnamed = await create({ frozenTime: '2027-06-01T12:00:00Z' });
    expect(unnamed.body).toMatchObject({ name: null, frozenTime: '2027-06-01T12:00:00.000Z' });

    expect(await call('GET', `/test-clocks/${String(created.body.id)}`)).toEqual({ status: 200, body: created.body });
    const list = await call('GET', '/test-clocks?limit=1');
    expect(list.body).toEqual({ data: [unnamed.body], meta: { total: 2, page: 1, limit: 1, totalPages: 2 } });
  });

  it.each([
    ['no frozenTime', { name: 'x' }, 'body.frozenTime'],
    ['a frozenTime that is no timestamp', { frozenTime: 'tomorrow' }, 'body.frozenTime'],
    ['an empty name', { name: '', frozenTime: START }, 'body.name'],
    ['an unknown property', { frozenTime: START, speed: 2 }, 'body.speed'],
    ['a year before 1000 (0050 would read back as 1950)', { frozenTime: '0050-01-01T00:00:00Z' }, 'body.frozenTime'],
    ['a time in the year 10000 in UTC', { frozenTime: '9999-12-31T23:00:00-05:00' }, 'body.frozenTime'],
    [
      'a time from 9000 on, which its periods could take past 9999',
      { frozenTime: '9000-01-01T00:00:00Z' },
      'body.frozenTime',
    ],
  ])('refuses %s with 400 naming the field', async (_name, body, path) => {
    const reply = await create(body);
    expect(reply.status).toBe(400);
    expect(detailPaths(reply.body)).toContain(path);
  });

  it('advances: the clock is ADVANCING at the new time and its workflow is told after the commit', async () => {
    const id = String((await create()).body.id);
    const advanced = await advance(id, '2027-02-01T00:00:00.000Z');
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({ id, status: 'ADVANCING', frozenTime: '2027-02-01T00:00:00.000Z' });
    expect(told).toEqual([
      { kind: 'advance', tenantId: tenant.tenantId, clockId: id, frozenTime: '2027-02-01T00:00:00.000Z' },
    ]);
    expect((await call('GET', `/test-clocks/${id}`)).body).toMatchObject({ status: 'ADVANCING' });
  });

  it('refuses an advance that is not forward, or more than two years, with 400 naming body.frozenTime', async () => {
    const id = String((await create()).body.id);
    for (const [frozenTime, error] of [
      [START, 'test_clock_not_forward'],
      ['2026-12-31T23:59:59.999Z', 'test_clock_not_forward'],
      ['2029-01-01T00:00:00.001Z', 'test_clock_advance_too_far'],
    ] as const) {
      const refused = await advance(id, frozenTime);
      expect(refused).toMatchObject({ status: 400, body: { error } });
      expect(detailPaths(refused.body)).toEqual(['body.frozenTime']);
    }
    expect((await advance(id, '2029-01-01T00:00:00.000Z')).status).toBe(200);
    expect(told).toHaveLength(1);
  });

  it('refuses an advance to 9000 or later with 400 naming body.frozenTime', async () => {
    const id = String((await create({ frozenTime: '8999-06-01T00:00:00Z' })).body.id);
    const refused = await advance(id, '9000-01-01T00:00:00.000Z');
    expect(refused).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
    expect(detailPaths(refused.body)).toEqual(['body.frozenTime']);
    expect((await advance(id, '8999-12-31T23:59:59.999Z')).status).toBe(200);
  });

  it('refuses a second advance while the first runs with 409 test_clock_advancing, and takes it once READY', async () => {
    const id = String((await create()).body.id);
    expect((await advance(id, '2027-02-01T00:00:00.000Z')).status).toBe(200);
    const again = await advance(id, '2027-03-01T00:00:00.000Z');
    expect(again).toMatchObject({ status: 409, body: { error: 'test_clock_advancing' } });
    // The same advance again is refused too; each refusal tells the workflow once more the time the clock is
    // advancing to (it ignores a time it knows), which is what moves a clock whose first telling was lost.
    const repeated = await advance(id, '2027-02-01T00:00:00.000Z');
    expect(repeated).toMatchObject({ status: 409, body: { error: 'test_clock_advancing' } });
    expect(told.map((each) => each.frozenTime)).toEqual(Array(3).fill('2027-02-01T00:00:00.000Z'));
    expect((await call('GET', `/test-clocks/${id}`)).body).toMatchObject({
      status: 'ADVANCING',
      frozenTime: '2027-02-01T00:00:00.000Z',
    });

    await sql(`update $schema.test_clocks set status = 'READY' where id = ?`, [id]);
    expect((await advance(id, '2027-03-01T00:00:00.000Z')).body).toMatchObject({ status: 'ADVANCING' });
  });

  it('answers 401 without a key and 403 without the scope, naming it', async () => {
    expect((await call('GET', '/test-clocks', { token: null })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['test_clocks:read'] });
    const refused = await call('POST', '/test-clocks', { token: reader.apiKey, body: { frozenTime: START } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('test_clocks:write');
    expect((await call('GET', '/test-clocks', { token: reader.apiKey })).status).toBe(200);
    const customersOnly = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
    const unread = await call('GET', '/test-clocks', { token: customersOnly.apiKey });
    expect(unread.body.message).toContain('test_clocks:read');
  });

  it('answers 404 for an unknown id and for another tenant’s clock', async () => {
    const id = String((await create()).body.id);
    expect((await call('GET', '/test-clocks/clk_unknown')).body.error).toBe('test_clock_not_found');
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = await call('GET', `/test-clocks/${id}`, { token: other.apiKey });
    expect(theirs).toMatchObject({ status: 404, body: { error: 'test_clock_not_found' } });
    const advanced = await call('POST', `/test-clocks/${id}/advance`, {
      token: other.apiKey,
      body: { frozenTime: '2027-02-01T00:00:00.000Z' },
    });
    expect(advanced.status).toBe(404);
    expect(told).toEqual([]);
  });
});

describe('customers on a test clock (/customers with testClockId)', () => {
  const { api, call, sql, createCustomer } = setUpResourceTest({
    api: { temporal: { testClockAdvancer: recordingAdvancer } },
  });
  const START = '2027-01-01T00:00:00.000Z';
  const newClock = async () => String((await call('POST', '/test-clocks', { body: { frozenTime: START } })).body.id);

  it('creates the customer on the clock, at the clock’s time, and counts it on the clock', async () => {
    const clockId = await newClock();
    const id = await createCustomer({ testClockId: clockId });
    const customer = await call('GET', `/customers/${id}`);
    expect(customer.body).toMatchObject({ testClockId: clockId, createdAt: START, updatedAt: START });
    expect((await call('GET', `/test-clocks/${clockId}`)).body).toMatchObject({ customerCount: 1 });
    const plain = await createCustomer();
    expect((await call('GET', `/customers/${plain}`)).body).toMatchObject({ testClockId: null });
  });

  it('lists a clock’s customers with ?testClockId= and every customer without it', async () => {
    const clockId = await newClock();
    const onClock = await createCustomer({ testClockId: clockId });
    const plain = await createCustomer();
    const filtered = await call('GET', `/customers?testClockId=${clockId}`);
    expect((filtered.body.data as Json[]).map((customer) => customer.id)).toEqual([onClock]);
    const all = await call('GET', '/customers');
    expect((all.body.data as Json[]).map((customer) => customer.id).sort()).toEqual([onClock, plain].sort());
  });

  it('answers 404 test_clock_not_found for an unknown clock and another tenant’s, creating no customer', async () => {
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = String(
      (await call('POST', '/test-clocks', { token: other.apiKey, body: { frozenTime: START } })).body.id,
    );
    for (const testClockId of ['clk_01JD7X3Q8K9V2N4M6P8R0S2T4W', theirs, 'clk_unknown', 'no-clock-at-all']) {
      const body = { externalId: `c-${testClockId}`, email: 'x@example.com', currency: 'USD', testClockId };
      expect(await call('POST', '/customers', { body })).toMatchObject({
        status: 404,
        body: { error: 'test_clock_not_found' },
      });
    }
    expect((await call('GET', '/customers')).body.meta).toMatchObject({ total: 0 });
  });

  it('takes testClockId null as no clock, as the customer record shows it', async () => {
    const body = { externalId: 'echoed', email: 'x@example.com', currency: 'USD', testClockId: null };
    const created = await call('POST', '/customers', { body });
    expect(created).toMatchObject({ status: 201, body: { testClockId: null } });
  });

  it('refuses a 101st customer on a clock with 409 test_clock_customer_limit; deleting one frees its place', async () => {
    const clockId = await newClock();
    await sql(`update $schema.test_clocks set customer_count = 99 where id = ?`, [clockId]);
    const last = await createCustomer({ testClockId: clockId });
    expect((await call('GET', `/test-clocks/${clockId}`)).body).toMatchObject({ customerCount: 100 });
    const body = { externalId: 'one-too-many', email: 'x@example.com', currency: 'USD', testClockId: clockId };
    const refused = await call('POST', '/customers', { body });
    expect(refused).toMatchObject({ status: 409, body: { error: 'test_clock_customer_limit' } });
    expect((await call('GET', `/customers?testClockId=${clockId}`)).body.meta).toMatchObject({ total: 1 });

    expect((await call('DELETE', `/customers/${last}`)).status).toBe(200);
    expect((await call('GET', `/test-clocks/${clockId}`)).body).toMatchObject({ customerCount: 99 });
    expect(await call('POST', '/customers', { body })).toMatchObject({ status: 201, body: { testClockId: clockId } });
    expect((await call('GET', `/test-clocks/${clockId}`)).body).toMatchObject({ customerCount: 100 });
  });

  it('refuses every change for the clock’s customers while it advances (409 test_clock_advancing), not once READY', async () => {
    const clockId = await newClock();
    const customerId = await createCustomer({ testClockId: clockId });
    const plan = await call('POST', '/plans', {
      body: {
        name: 'Clocked',
        code: 'clocked',
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 30 }],
      },
    });
    expect([plan.status, plan.body]).toEqual([201, expect.anything()]);
    const subscribed = await call('POST', '/subscriptions', {
      body: { customerId, planId: String(plan.body.id), currency: 'USD' },
    });
    expect(subscribed.status).toBe(201);
    const subscriptionId = String(subscribed.body.id);
    const other = await call('POST', '/plans', {
      body: { name: 'Other', code: 'other', billingInterval: 'MONTHLY', prices: [{ currency: 'USD', amount: 50 }] },
    });
    expect(other.status).toBe(201);
    const draft = await call('POST', '/invoices', {
      body: { customerId, items: [{ description: 'Setup', quantity: 1, unitAmount: 10 }] },
    });
    expect(draft.status).toBe(201);
    expect(
      (await call('POST', `/test-clocks/${clockId}/advance`, { body: { frozenTime: '2027-06-01T00:00:00Z' } })).status,
    ).toBe(200);

    const changes: [string, string, Json?][] = [
      [
        'POST',
        '/customers',
        { externalId: 'joins-late', email: 'x@example.com', currency: 'USD', testClockId: clockId },
      ],
      ['PATCH', `/customers/${customerId}`, { name: 'Renamed' }],
      ['DELETE', `/customers/${customerId}`],
      ['POST', '/invoices', { customerId, items: [{ description: 'Setup', quantity: 1, unitAmount: 10 }] }],
      ['POST', '/wallets', { customerId, grantedCredits: 10 }],
      ['POST', `/subscriptions/${subscriptionId}/cancel`, { cancelAt: 'now' }],
      ['POST', `/subscriptions/${subscriptionId}/pause`],
      ['POST', `/subscriptions/${subscriptionId}/change-plan`, { newPlanId: String(other.body.id) }],
      ['POST', `/invoices/${String(draft.body.id)}/finalize`],
      ['PATCH', `/subscriptions/${subscriptionId}`, { metadata: { note: 'late' } }],
    ];
    for (const [method, path, body] of changes) {
      const reply = await call(method, path, body === undefined ? {} : { body });
      expect([method, path, reply.status, reply.body.error]).toEqual([method, path, 409, 'test_clock_advancing']);
    }
    expect((await call('GET', `/customers?testClockId=${clockId}`)).body.meta).toMatchObject({ total: 1 });
    expect((await call('GET', `/invoices?customerId=${customerId}`)).body.data).toEqual([
      expect.objectContaining({ id: draft.body.id, status: 'DRAFT' }),
    ]);

    await sql(`update $schema.test_clocks set status = 'READY' where id = ?`, [clockId]);
    const renamed = await call('PATCH', `/customers/${customerId}`, { body: { name: 'Renamed' } });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed', updatedAt: '2027-06-01T00:00:00.000Z' } });
  });

  it('keeps the clock fixed: PATCH cannot change testClockId', async () => {
    const clockId = await newClock();
    const id = await createCustomer();
    const patched = await call('PATCH', `/customers/${id}`, { body: { testClockId: clockId } });
    expect(patched.status).toBe(400);
    expect((await call('GET', `/customers/${id}`)).body).toMatchObject({ testClockId: null });
  });
});

describe('deleting a test clock (DELETE /test-clocks/:id)', () => {
  const stopped: string[] = [];
  const { api, call, sql, tenant, createCustomer } = setUpResourceTest({
    api: {
      temporal: {
        testClockAdvancer: recordingAdvancer,
        startSubscriptionWorkflow: () => Promise.resolve(),
        workflowStopper: {
          terminate: (workflowIds) => {
            stopped.push(...workflowIds);
            return Promise.resolve();
          },
        },
      },
    },
  });
  beforeEach(() => {
    told.length = 0;
    stopped.length = 0;
  });
  const START = '2027-01-01T00:00:00.000Z';
  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };

  /** A customer with a subscription, an event, a paid invoice with a credit note, and a wallet with credits. */
  async function customerWithRecords(testClockId?: string): Promise<string> {
    const customerId = await createCustomer(testClockId === undefined ? {} : { testClockId });
    const plan = await created('/plans', {
      name: 'Monthly',
      code: `monthly-${customerId.slice(-8).toLowerCase()}`,
      billingInterval: 'MONTHLY',
      prices: [{ currency: 'USD', amount: 10 }],
    });
    const subscription = await created('/subscriptions', { customerId, planId: plan.id, currency: 'USD' });
    await created('/events', { transactionId: `t-${customerId}`, subscriptionId: subscription.id, code: 'calls' });
    const invoice = await created('/invoices', {
      customerId,
      items: [{ description: 'Setup', quantity: 1, unitAmount: 25 }],
    });
    await call('POST', `/invoices/${String(invoice.id)}/finalize`);
    expect((await call('POST', `/invoices/${String(invoice.id)}/mark-paid`)).status).toBe(200);
    const note = await created('/credit-notes', { invoiceId: invoice.id, reason: 'OTHER', amount: 5 });
    await call('POST', `/credit-notes/${String(note.id)}/finalize`);
    await created('/wallets', { customerId, grantedCredits: 10 });
    return customerId;
  }

  const TABLES_BY_CUSTOMER = [
    'events',
    'wallets',
    'customer_credit_entries',
    'payments',
    'credit_notes',
    'invoices',
    'subscriptions',
    'subscription_changes',
    'customers',
  ];
  async function rowsOf(customerId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of TABLES_BY_CUSTOMER) {
      const column = table === 'customers' ? 'id' : 'customer_id';
      const [row] = await sql<{ n: string }>(`select count(*) as n from $schema.${table} where ${column} = ?`, [
        customerId,
      ]);
      counts[table] = Number(row?.n);
    }
    const [lines] = await sql<{ n: string }>(
      `select count(*) as n from $schema.invoice_lines l join $schema.invoices i on i.id = l.invoice_id
        where i.customer_id = ?`,
      [customerId],
    );
    counts.invoice_lines = Number(lines?.n);
    const [transactions] = await sql<{ n: string }>(
      `select count(*) as n from $schema.wallet_transactions t join $schema.wallets w on w.id = t.wallet_id
        where w.customer_id = ?`,
      [customerId],
    );
    counts.wallet_transactions = Number(transactions?.n);
    return counts;
  }

  it('deletes the clock, its customers and all their records in one go, and stops their workflows', async () => {
    await created('/billable-metrics', { name: 'Calls', code: 'calls', aggregationType: 'COUNT' });
    const clockId = String((await created('/test-clocks', { name: 'Doomed', frozenTime: START })).id);
    const onClock = await customerWithRecords(clockId);
    const plain = await customerWithRecords();
    const before = await rowsOf(onClock);
    for (const [table, count] of Object.entries(before)) expect([table, count > 0]).toEqual([table, true]);
    const plainBefore = await rowsOf(plain);

    const deleted = await call('DELETE', `/test-clocks/${clockId}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: clockId, name: 'Doomed', customerCount: 1 } });

    expect(Object.values(await rowsOf(onClock)).every((count) => count === 0)).toBe(true);
    expect(await rowsOf(plain)).toEqual(plainBefore);
    expect(await sql('select id from $schema.test_clocks')).toEqual([]);
    expect((await call('GET', `/test-clocks/${clockId}`)).status).toBe(404);
    expect((await call('GET', `/customers/${onClock}`)).status).toBe(404);
    expect(told).toEqual([{ kind: 'deleted', tenantId: tenant.tenantId, clockId }]);
    const subscriptionIds = (await sql<{ id: string }>('select id from $schema.subscriptions')).map((row) => row.id);
    expect(stopped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^subscription:${tenant.tenantId}:sub_`)),
        expect.stringMatching(new RegExp(`^wallet:${tenant.tenantId}:wal_`)),
        expect.stringMatching(new RegExp(`^dunning:${tenant.tenantId}:inv_`)),
        expect.stringMatching(new RegExp(`^payment:${tenant.tenantId}:pay_`)),
      ]) as unknown,
    );
    expect(stopped.some((id) => subscriptionIds.some((kept) => id.endsWith(kept)))).toBe(false);
  });

  it('answers 404 for an unknown clock and for another tenant’s, deleting nothing', async () => {
    expect((await call('DELETE', '/test-clocks/clk_01JD7X3Q8K9V2N4M6P8R0S2T4W')).status).toBe(404);
    const clockId = String((await created('/test-clocks', { frozenTime: START })).id);
    await createCustomer({ testClockId: clockId });
    const other = await createTenantFixture(api.orm, api.config);
    expect((await call('DELETE', `/test-clocks/${clockId}`, { token: other.apiKey })).status).toBe(404);
    expect((await call('GET', `/test-clocks/${clockId}`)).body).toMatchObject({ customerCount: 1 });
    expect(told).toEqual([]);
  });
});
