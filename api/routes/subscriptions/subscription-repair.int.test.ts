import { WorkflowNotFoundError } from '@temporalio/common';
import { repairUnstartedSubscriptions } from '../../../services/billing/subscriptions';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { memoryLogger } from '../../../test/harness/http-server';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';
import { temporalSubscriptionStarter } from '../../../services/billing/subscriptions';

/** A crash between the row's commit and the workflow's start, simulated by a starter that always fails. */
describe('subscription workflow start repair', () => {
  let api: TestApi;
  let tenant: TenantFixture;

  beforeAll(async () => {
    api = await startTestApi({
      env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('subscription-repair') },
      temporal: { startSubscriptionWorkflow: () => Promise.reject(new Error('process died before the start')) },
    });
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(() => api.close());

  const workflowStartedAt = (id: string) => subscriptionTestClient(api, () => tenant).workflowStartedAt(id);
  /** Whether the subscription waits in the central index that repair reads. */
  const isPending = async (id: string) =>
    (
      await api.orm.em
        .getConnection()
        .execute<unknown[]>(
          'select 1 from central.pending_subscription_starts where tenant_id = ? and subscription_id = ?',
          [tenant.tenantId, id],
        )
    ).length > 0;

  test('the row stays, unstarted; the repair pass starts its workflow once and marks it', async () => {
    const { createCustomer, createPlan, subscribe } = subscriptionTestClient(api, () => tenant);
    const reply = await subscribe({ customerId: await createCustomer(), planId: await createPlan() });
    expect(reply.status).toBe(201);
    const id = String(reply.body.id);
    const handle = api.temporal.client.workflow.getHandle(subscriptionWorkflowId(tenant.tenantId, id));
    expect(await workflowStartedAt(id)).toBeNull();
    expect(await isPending(id)).toBe(true);
    await expect(handle.describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);

    const repair = () =>
      repairUnstartedSubscriptions({
        orm: api.orm,
        start: temporalSubscriptionStarter(api.temporal),
        logger: memoryLogger().logger,
        olderThanMs: 0,
      });
    const report = await repair();
    expect(report.started).toContain(id);
    expect(report.failed).not.toContain(id);
    const description = await handle.describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.type).toBe('subscriptionWorkflow');
    expect(await workflowStartedAt(id)).not.toBeNull();
    expect(await isPending(id)).toBe(false);

    // Idempotent: the row is marked, so a second pass leaves it alone; a start of a started one is harmless too.
    expect((await repair()).started).not.toContain(id);
    const start = temporalSubscriptionStarter(api.temporal);
    const subscription = {
      tenantId: tenant.tenantId,
      subscriptionId: id,
      customerId: '',
      planId: '',
      status: 'ACTIVE',
    };
    await expect(start({ ...subscription, status: 'ACTIVE' })).resolves.toBeUndefined();
  });

  test('leaves rows younger than the grace period to the request that is creating them', async () => {
    const { createCustomer, createPlan, subscribe } = subscriptionTestClient(api, () => tenant);
    const id = String((await subscribe({ customerId: await createCustomer(), planId: await createPlan() })).body.id);
    const report = await repairUnstartedSubscriptions({
      orm: api.orm,
      start: temporalSubscriptionStarter(api.temporal),
      logger: memoryLogger().logger,
      olderThanMs: 60_000,
    });
    expect(report.started).not.toContain(id);
    expect(await workflowStartedAt(id)).toBeNull();
    expect(await isPending(id)).toBe(true);
  });
});
