import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { Client, Connection } from '@temporalio/client';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { recordBillingError } from '../../../services/billing/subscriptions';
import { insertSubscriptionRow } from '../../../test/fixtures/subscription-rows';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { waitForValue } from '../../../test/harness/wait-for';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';

const UNKNOWN_SUBSCRIPTION = 'sub_01JD0000000000000000000000';
const MESSAGE = 'An amount of 10000000000000 minor units of USD is beyond the money maximum of 99999999999.99';

/** The subscription's billing error as GET shows it, and the retry route through the real app. */
describe('subscriptions API: billingError and POST /subscriptions/:id/retry-billing', () => {
  const { api, tenant } = setUpResourceTest({ worker: true });
  const client = () => subscriptionTestClient(api, () => tenant);

  const subscription = async (): Promise<string> => {
    const { createCustomer, createPlan, subscribe } = client();
    const reply = await subscribe({ customerId: await createCustomer(), planId: await createPlan({ trialDays: 0 }) });
    expect(reply.status).toBe(201);
    return String(reply.body.id);
  };
  /** What the workflow's activity does when a period's invoice cannot be priced. */
  const failBilling = (subscriptionId: string) =>
    recordBillingError(tenantSql(api.orm, tenant.tenantId), {
      subscriptionId,
      code: 'amount_out_of_range',
      message: MESSAGE,
      period: { start: new Date('2026-01-01T00:00:00.000Z'), end: new Date('2026-02-01T00:00:00.000Z') },
      now: new Date('2026-02-01T00:00:05.000Z'),
    });
  const retry = (id: string, token?: string | null) =>
    client().call('POST', `/subscriptions/${id}/retry-billing`, token === undefined ? {} : { token });
  /**
   * The `retryBilling` signals in the workflow's history, once at least one is there: a signal that reaches a workflow
   * in the middle of a workflow task is written to history when the task completes. Signals keep their order, so an
   * earlier (refused) request that had sent one would show here too.
   */
  const retrySignals = (id: string): Promise<number> =>
    waitForValue('a retryBilling signal in the workflow history', async () => {
      const handle = api.temporal.client.workflow.getHandle(subscriptionWorkflowId(tenant.tenantId, id));
      const { events } = await handle.fetchHistory();
      const signals = (events ?? []).filter(
        (event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'retryBilling',
      ).length;
      return signals > 0 ? signals : undefined;
    });
  const BILLING_ERROR = {
    code: 'amount_out_of_range',
    message: MESSAGE,
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: '2026-02-01T00:00:00.000Z',
    occurredAt: '2026-02-01T00:00:05.000Z',
  };

  test('GET, the list and PATCH show billingError: null, then the recorded error', async () => {
    const { call } = client();
    const id = await subscription();
    expect((await call('GET', `/subscriptions/${id}`)).body.billingError).toBeNull();
    await failBilling(id);
    expect((await call('GET', `/subscriptions/${id}`)).body.billingError).toEqual(BILLING_ERROR);
    expect((await call('GET', '/subscriptions')).body.data).toEqual([
      expect.objectContaining({ id, billingError: BILLING_ERROR }),
    ]);
    const patched = await call('PATCH', `/subscriptions/${id}`, { body: { metadata: { crm: 'B' } } });
    expect(patched.body.billingError).toEqual(BILLING_ERROR);
  });

  test('retry-billing answers 202 with the subscription, its error still shown, and signals the workflow', async () => {
    const id = await subscription();
    await failBilling(id);
    const reply = await retry(id);
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ id, status: 'ACTIVE', billingError: BILLING_ERROR });
    expect(await retrySignals(id)).toBe(1);
  });

  test('retry-billing without a billing error is 409 no_billing_error and signals nothing', async () => {
    const id = await subscription();
    const refused = await retry(id);
    expect([refused.status, refused.body.error]).toEqual([409, 'no_billing_error']);
    await failBilling(id);
    expect((await retry(id)).status).toBe(202);
    expect(await retrySignals(id)).toBe(1);
  });

  test('retry-billing: 404 for unknown, malformed and other tenants’ ids; 401 without a key; 403 without the scope', async () => {
    const id = await subscription();
    await failBilling(id);
    for (const unknown of [UNKNOWN_SUBSCRIPTION, 'nope']) {
      const reply = await retry(unknown);
      expect([reply.status, reply.body.error]).toEqual([404, 'subscription_not_found']);
    }
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await retry(id, other.apiKey);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'subscription_not_found']);
    expect((await retry(id, null)).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['subscriptions:read'] });
    const unauthorised = await retry(id, reader.apiKey);
    expect([unauthorised.status, unauthorised.body.message]).toEqual([403, 'Missing scope: subscriptions:write']);
    // None of them reached the workflow: the owner's own retry is its first signal.
    expect((await retry(id)).status).toBe(202);
    expect(await retrySignals(id)).toBe(1);
  });
});

describe('subscriptions API: retry-billing while Temporal is unreachable', () => {
  let api: TestApi;
  let tenant: TenantFixture;

  beforeAll(async () => {
    // Nothing listens there. Without the SDK's retry interceptor the refusal comes at once instead of after its
    // ~18 s of retries; the answer is the same.
    const connection = Connection.lazy({ address: '127.0.0.1:1', interceptors: [] });
    api = await startTestApi({ temporal: { client: new Client({ connection }) } });
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(() => api.close());

  test('answers 503 temporal_unavailable, as the other actions do', async () => {
    const execute = (text: string, params: string[] = []) => api.orm.em.getConnection().execute(text, params);
    // Written straight to the database: with Temporal down the API could not have started its workflow.
    const id = await insertSubscriptionRow(execute, tenant.tenantId, { started: true });
    await recordBillingError(tenantSql(api.orm, tenant.tenantId), {
      subscriptionId: id,
      code: 'amount_out_of_range',
      message: MESSAGE,
      period: { start: new Date('2026-01-01T00:00:00.000Z'), end: new Date('2026-02-01T00:00:00.000Z') },
      now: new Date('2026-02-01T00:00:05.000Z'),
    });
    const reply = await subscriptionTestClient(api, () => tenant).call('POST', `/subscriptions/${id}/retry-billing`);
    expect([reply.status, reply.body.error]).toEqual([503, 'temporal_unavailable']);
  });
});
