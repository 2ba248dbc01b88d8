import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';

const UNKNOWN_CUSTOMER = 'cust_01JD0000000000000000000000';
const UNKNOWN_PLAN = 'plan_01JD0000000000000000000000';
const UNKNOWN_SUBSCRIPTION = 'sub_01JD0000000000000000000000';
const DAY_MS = 86_400_000;
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;

/** Creation, reads and validation. No worker polls this file's task queue: workflows are started, never run. */
describe('subscriptions API: create, read, metadata', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  const client = () => subscriptionTestClient(api, () => tenant);

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('subscriptions-api') } });
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
  });

  test('creates an ACTIVE subscription on period 0 in the customer’s time zone and starts its workflow', async () => {
    const { createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer({ timezone: 'America/New_York' });
    const planId = await createPlan({ trialDays: 0 });
    const startDate = new Date(Date.now() - DAY_MS).toISOString();
    const reply = await subscribe({ customerId, planId, startDate, externalId: 'ext-1', metadata: { crm: 'A' } });
    expect(reply.status).toBe(201);
    const start = new Date(startDate);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^sub_/) as unknown,
      customerId,
      planId,
      currency: 'USD',
      status: 'ACTIVE',
      currentPeriodStart: startDate,
      // Same local wall time one month later (an hour apart in UTC only across a DST change).
      currentPeriodEnd: expect.any(String) as unknown,
      trialStart: null,
      trialEnd: null,
      cancelAt: null,
      canceledAt: null,
      pausedAt: null,
      pendingPlanId: null,
      externalId: 'ext-1',
      metadata: { crm: 'A' },
      billingError: null,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
    });
    const endGap = Math.abs(Date.parse(String(reply.body.currentPeriodEnd)) - end.getTime());
    expect(endGap).toBeLessThanOrEqual(3_600_000);
    const id = String(reply.body.id);
    const description = await api.temporal.client.workflow
      .getHandle(subscriptionWorkflowId(tenant.tenantId, id))
      .describe();
    expect(description.type).toBe('subscriptionWorkflow');
    const [event] = await api.orm.em
      .getConnection()
      .execute<{ event_type: string; data: Record<string, unknown> }[]>(
        `select event_type, data from "tenant_${tenant.tenantId.slice(4).toLowerCase()}".webhook_events`,
      );
    expect(event).toEqual({ event_type: 'subscription.created', data: reply.body });
  });

  test('creates TRIALING with the plan’s trial by default, and ACTIVE when trialDays is 0', async () => {
    const { createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const planId = await createPlan({ trialDays: 14 });
    const trial = await subscribe({ customerId, planId });
    expect(trial.status).toBe(201);
    expect(trial.body.status).toBe('TRIALING');
    const trialStart = Date.parse(String(trial.body.trialStart));
    expect(Date.parse(String(trial.body.trialEnd)) - trialStart).toBe(14 * DAY_MS);
    expect(trial.body.currentPeriodStart).toBe(trial.body.trialStart);
    expect(trial.body.currentPeriodEnd).toBe(trial.body.trialEnd);
    const active = await subscribe({ customerId, planId, trialDays: 0 });
    expect(active.body).toMatchObject({ status: 'ACTIVE', trialStart: null, trialEnd: null });
  });

  test('refuses bad requests with 400 naming the rule, and what stored data refuses with 409', async () => {
    const { createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const planId = await createPlan();
    const inactive = await createPlan({ isActive: false });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ customerId, planId, currency: 'EUR' }, 409, 'plan_price_not_found'],
      [{ customerId, planId, currency: 'XXY' }, 400, 'validation_failed'],
      [{ customerId, planId, trialDays: 731 }, 400, 'validation_failed'],
      [{ customerId, planId, unknown: 1 }, 400, 'validation_failed'],
      [{ customerId, planId: inactive }, 409, 'plan_inactive'],
      [{ customerId, planId, startDate: new Date(Date.now() + DAY_MS).toISOString() }, 400, 'start_date_in_future'],
      [{ customerId, planId, startDate: '2020-01-01T00:00:00.000Z' }, 400, 'start_date_too_old'],
      [{ customerId, planId, couponCode: 'NOPE' }, 409, 'coupon_invalid'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await subscribe(body);
      expect([reply.status, reply.body.error, body]).toEqual([status, code, body]);
      if (code.startsWith('start_date')) {
        expect(reply.body.details).toEqual([{ path: 'body.startDate', message: expect.any(String) as unknown }]);
      }
    }
    const euroCustomer = await createCustomer({ currency: 'EUR' });
    const euroPlan = await createPlan({
      prices: [
        { currency: 'EUR', amount: 10 },
        { currency: 'USD', amount: 10 },
      ],
    });
    const mismatch = await subscribe({ customerId: euroCustomer, planId: euroPlan, currency: 'USD' });
    expect([mismatch.status, mismatch.body.error]).toEqual([409, 'currency_mismatch']);
    const listed = await client().call('GET', '/subscriptions');
    expect(listed.body.meta).toMatchObject({ total: 0 });
  });

  test('applies a valid coupon to the customer with the subscription', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const planId = await createPlan();
    const coupon = await call('POST', '/coupons', {
      body: { code: 'WELCOME', name: 'W', discountType: 'PERCENTAGE', percentage: 10, frequency: 'ONCE' },
    });
    expect(coupon.status).toBe(201);
    expect((await subscribe({ customerId, planId, couponCode: 'welcome' })).status).toBe(201);
    const again = await subscribe({ customerId, planId, couponCode: 'WELCOME' });
    expect([again.status, again.body.error]).toEqual([409, 'coupon_invalid']);
    expect((await call('GET', `/coupons/${String(coupon.body.id)}`)).body.redemptions).toBe(1);
  });

  test('answers 404 for an unknown customer or plan, 409 for a taken externalId', async () => {
    const { createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const planId = await createPlan();
    const noCustomer = await subscribe({ customerId: UNKNOWN_CUSTOMER, planId });
    expect([noCustomer.status, noCustomer.body.error]).toEqual([404, 'customer_not_found']);
    const noPlan = await subscribe({ customerId, planId: UNKNOWN_PLAN });
    expect([noPlan.status, noPlan.body.error]).toEqual([404, 'plan_not_found']);
    expect((await subscribe({ customerId, planId, externalId: 'dup' })).status).toBe(201);
    const taken = await subscribe({ customerId, planId, externalId: 'dup' });
    expect([taken.status, taken.body.error]).toEqual([409, 'subscription_external_id_taken']);
  });

  test('answers 401 without a key and 403 naming the missing scope', async () => {
    const { call } = client();
    expect((await call('GET', '/subscriptions', { token: null })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['subscriptions:read'] });
    const refused = await call('POST', '/subscriptions', {
      token: reader.apiKey,
      body: { customerId: UNKNOWN_CUSTOMER, planId: UNKNOWN_PLAN, currency: 'USD' },
    });
    expect([refused.status, refused.body.message]).toEqual([403, 'Missing scope: subscriptions:write']);
    expect((await call('GET', '/subscriptions', { token: reader.apiKey })).status).toBe(200);
  });

  test('gets one with its customer and plan embedded; 404 for unknown ids and other tenants’', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const planId = await createPlan();
    const id = String((await subscribe({ customerId, planId })).body.id);
    const found = await call('GET', `/subscriptions/${id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      id,
      customer: { id: customerId, currency: 'USD' },
      plan: { id: planId, prices: [{ currency: 'USD', amount: 30 }] },
    });
    expect((await call('GET', `/subscriptions/${UNKNOWN_SUBSCRIPTION}`)).status).toBe(404);
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await call('GET', `/subscriptions/${id}`, { token: other.apiKey });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'subscription_not_found']);
  });

  test('lists newest first with pagination and the status, planId and customerId filters', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const [first, second] = [await createCustomer(), await createCustomer()];
    const [basic, pro] = [await createPlan(), await createPlan()];
    const ids: string[] = [];
    for (const [customerId, planId, trialDays] of [
      [first, basic, 0],
      [first, pro, 7],
      [second, basic, 0],
    ] as const) {
      ids.push(String((await subscribe({ customerId, planId, trialDays })).body.id));
    }
    const page = await call('GET', '/subscriptions?limit=2&page=1');
    expect(page.body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect((page.body.data as { id: string }[]).map((row) => row.id)).toEqual([ids[2], ids[1]]);
    const byFilter = async (query: string) =>
      ((await call('GET', `/subscriptions?${query}`)).body.data as { id: string }[]).map((row) => row.id);
    expect(await byFilter(`customerId=${first}`)).toEqual([ids[1], ids[0]]);
    expect(await byFilter(`planId=${basic}`)).toEqual([ids[2], ids[0]]);
    expect(await byFilter('status=TRIALING')).toEqual([ids[1]]);
    expect((await call('GET', '/subscriptions?status=DONE')).status).toBe(400);
    expect((await call('GET', '/subscriptions?limit=101')).status).toBe(400);
  });

  test('PATCH replaces metadata only', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const id = String((await subscribe({ customerId: await createCustomer(), planId: await createPlan() })).body.id);
    const patched = await call('PATCH', `/subscriptions/${id}`, { body: { metadata: { crm: 'B' } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, metadata: { crm: 'B' }, status: 'ACTIVE' });
    const status = await call('PATCH', `/subscriptions/${id}`, { body: { status: 'CANCELED' } });
    expect([status.status, status.body.error]).toEqual([400, 'validation_failed']);
  });

  test('refuses to delete a customer with a live subscription (409)', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    await subscribe({ customerId, planId: await createPlan() });
    const refused = await call('DELETE', `/customers/${customerId}`);
    expect(refused.status).toBe(409);
    const listed = await call('GET', `/customers/${customerId}/subscriptions`);
    expect(listed.body.meta).toMatchObject({ total: 1 });
  });
});
