import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';

/** With no worker on its task queue a workflow never answers: a change must not hold the request for ever. */
describe('subscriptions API: a lifecycle action with no worker running', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  const client = () => subscriptionTestClient(api, () => tenant);

  beforeAll(async () => {
    api = await startTestApi({
      env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('no-worker') },
      temporal: { updateTimeoutMs: 1_000 },
    });
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(() => api.close());

  test('answers 503 temporal_unavailable once the update timeout passes, saying the change may still apply', async () => {
    const { createCustomer, createPlan, subscribe, call } = client();
    const subscription = await subscribe({ customerId: await createCustomer(), planId: await createPlan() });
    expect(subscription.status).toBe(201);
    const startedAt = performance.now();
    const reply = await call('POST', `/subscriptions/${String(subscription.body.id)}/pause`);
    expect([reply.status, reply.body.error]).toEqual([503, 'temporal_unavailable']);
    expect(reply.body.message).toContain('may still apply');
    expect(performance.now() - startedAt).toBeLessThan(10_000);
  });
});
