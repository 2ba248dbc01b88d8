import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createActivities } from '../../../activities';
import type { Orm } from '../../../infra/db/orm';
import { createLogger } from '../../../infra/logger';
import { startSubscriptionRepairLoop, type RepairLoop } from '../../../services/billing/subscriptions';
import type { SubscriptionWorkflowStarter } from '../../../services/billing/subscriptions';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { createTestOrm } from '../../../test/harness/database';
import { memoryLogger } from '../../../test/harness/http-server';
import { createDevServerTestEnv, createTestWorker, uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { waitForValue } from '../../../test/harness/wait-for';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../../workflows/shared/search-attribute-keys';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';
import { temporalSubscriptionStarter } from '../../../services/billing/subscriptions';

/**
 * Issue 5 items 1 and 9 through the real app on the dev server, with a worker running the real workflow and
 * activities: the search attributes operators filter on, and the repair loop that starts a workflow whose start
 * failed after the row was committed.
 */
describe('subscriptions for operators: search attributes and the automatic repair', () => {
  const taskQueue = uniqueTaskQueue('subscription-operators');
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  let orm: Orm;

  beforeAll(async () => {
    env = await createDevServerTestEnv();
    orm = await createTestOrm();
    const logger = createLogger({ level: 'silent', name: 'subscription-operators-test' });
    worker = await createTestWorker({ env, taskQueue, activities: createActivities({ logger, orm }) });
    running = worker.run();
  });
  afterAll(async () => {
    worker.shutdown();
    await running;
    await env.teardown();
    await orm.close();
  });

  describe('search attributes', () => {
    let api: TestApi;
    let tenant: TenantFixture;

    beforeAll(async () => {
      api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
      tenant = await createTenantFixture(api.orm, api.config);
    });
    afterAll(() => api.close());

    test('POST /subscriptions starts a workflow tagged TenantId, CustomerId and SubscriptionStatus, which follows a pause', async () => {
      const { call, createCustomer, createPlan, subscribe } = subscriptionTestClient(api, () => tenant);
      const customerId = await createCustomer();
      const planId = await createPlan({ trialDays: 0 });
      const created = await subscribe({ customerId, planId });
      expect(created.status).toBe(201);
      const id = String(created.body.id);
      const handle = api.temporal.client.workflow.getHandle(subscriptionWorkflowId(tenant.tenantId, id));
      const statusAttribute = async () =>
        (await handle.describe()).typedSearchAttributes.get(SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE);

      const description = await handle.describe();
      expect(description.status.name).toBe('RUNNING');
      expect(description.typedSearchAttributes.get(TENANT_ID_SEARCH_ATTRIBUTE)).toBe(tenant.tenantId);
      expect(description.typedSearchAttributes.get(CUSTOMER_ID_SEARCH_ATTRIBUTE)).toBe(customerId);
      expect(description.typedSearchAttributes.get(SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE)).toBe('ACTIVE');

      const paused = await call('POST', `/subscriptions/${id}/pause`);
      expect([paused.status, paused.body.status]).toEqual([200, 'PAUSED']);
      await waitForValue('SubscriptionStatus PAUSED', async () =>
        (await statusAttribute()) === 'PAUSED' ? true : undefined,
      );
      // Operators find it by the attributes (visibility is eventually consistent: polled).
      const query = `TenantId = '${tenant.tenantId}' AND CustomerId = '${customerId}' AND SubscriptionStatus = 'PAUSED'`;
      const listed = await waitForValue('the paused workflow listed by its search attributes', async () => {
        const ids: string[] = [];
        for await (const execution of api.temporal.client.workflow.list({ query })) ids.push(execution.workflowId);
        return ids.length > 0 ? ids : undefined;
      });
      expect(listed).toEqual([handle.workflowId]);

      const resumed = await call('POST', `/subscriptions/${id}/resume`);
      expect([resumed.status, resumed.body.status]).toEqual([200, 'ACTIVE']);
      await waitForValue('SubscriptionStatus ACTIVE', async () =>
        (await statusAttribute()) === 'ACTIVE' ? true : undefined,
      );
      // TenantId and CustomerId are not lost by the status upserts.
      const after = await handle.describe();
      expect(after.typedSearchAttributes.get(TENANT_ID_SEARCH_ATTRIBUTE)).toBe(tenant.tenantId);
      expect(after.typedSearchAttributes.get(CUSTOMER_ID_SEARCH_ATTRIBUTE)).toBe(customerId);

      // The memo names the plan the subscription is on now, after a change.
      expect((await handle.describe()).memo).toEqual({ customerId, planId });
      const upgraded = await createPlan({ trialDays: 0, prices: [{ currency: 'USD', amount: 90 }] });
      const changed = await call('POST', `/subscriptions/${id}/change-plan`, { body: { newPlanId: upgraded } });
      expect([changed.status, changed.body.planId]).toEqual([200, upgraded]);
      expect((await handle.describe()).memo).toEqual({ customerId, planId: upgraded });
    });
  });

  describe('repair loop', () => {
    let api: TestApi;
    let tenant: TenantFixture;
    let loop: RepairLoop | undefined;

    /** A crash between the row's commit and the workflow's start, as subscription-repair.int.test.ts simulates it. */
    beforeAll(async () => {
      api = await startTestApi({
        env: { TEMPORAL_TASK_QUEUE: taskQueue },
        temporal: { startSubscriptionWorkflow: () => Promise.reject(new Error('process died before the start')) },
      });
      tenant = await createTenantFixture(api.orm, api.config);
    });
    afterAll(async () => {
      await loop?.stop();
      await api.close();
    });

    const workflowStartedAt = (id: string) => subscriptionTestClient(api, () => tenant).workflowStartedAt(id);

    test('the repair loop (as api/main.ts runs it, on a short interval) starts a workflow whose start failed; it bills the period', async () => {
      const { call, createCustomer, createPlan, subscribe } = subscriptionTestClient(api, () => tenant);
      const created = await subscribe({
        customerId: await createCustomer(),
        planId: await createPlan({ trialDays: 0 }),
      });
      expect(created.status).toBe(201);
      const id = String(created.body.id);
      expect(await workflowStartedAt(id)).toBeNull();

      // The database is shared with other test files, which may keep unstarted rows on purpose: this loop starts
      // only this tenant's, and a refused start leaves a row unstarted, as a Temporal outage would.
      const start = temporalSubscriptionStarter(api.temporal);
      const onlyThisTenant: SubscriptionWorkflowStarter = (subscription) =>
        subscription.tenantId === tenant.tenantId
          ? start(subscription)
          : Promise.reject(new Error('not this test’s tenant'));
      loop = startSubscriptionRepairLoop({
        orm: api.orm,
        start: onlyThisTenant,
        logger: memoryLogger().logger,
        olderThanMs: 0,
        intervalMs: 200,
      });

      await waitForValue('the repair loop to mark the row', async () => (await workflowStartedAt(id)) ?? undefined);
      const description = await api.temporal.client.workflow
        .getHandle(subscriptionWorkflowId(tenant.tenantId, id))
        .describe();
      expect([description.type, description.status.name, description.taskQueue]).toEqual([
        'subscriptionWorkflow',
        'RUNNING',
        taskQueue,
      ]);
      // The repaired workflow does its job: the period's in-advance invoice, exactly once.
      const invoices = await waitForValue('the repaired workflow to invoice the period', async () => {
        const reply = await call('GET', `/invoices?subscriptionId=${id}`);
        const data = reply.body.data as unknown[];
        return data.length > 0 ? data : undefined;
      });
      expect(invoices).toEqual([expect.objectContaining({ status: 'OPEN', total: 30 })]);
    });
  });
});
