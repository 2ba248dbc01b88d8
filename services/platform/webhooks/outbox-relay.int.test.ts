import { WorkflowNotFoundError } from '@temporalio/common';
import { temporalWebhookDeliveryStarter } from './delivery-starter';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { memoryLogger } from '../../../test/harness/http-server';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { waitUntil } from '../../../test/harness/wait-for';
import { webhookDeliveryWorkflowId } from '../../../workflows/shared/workflow-ids';
import type { WebhookDeliveryInput } from '../../../workflows/webhooks/messages';
import type { WebhookEventType } from '../../../domain/webhooks';
import { tenantSchemaName } from '../../../infra/db/tenant-schema';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { recordOutboxEvent } from './outbox/record-outbox-event';
import { startOutboxRelay } from './outbox/relay-loop';
import { relayOutbox, type WebhookDeliveryStarter } from './outbox-relay';

interface EventRow {
  status: string;
  dispatched_at: Date | null;
  delivery_series: number;
}

/**
 * The relay on the run's dev server. No worker polls the test's task queue: the workflows it starts stay RUNNING,
 * which is all these tests look at (the delivery itself is the workflow's tests' business).
 */
describe('webhook outbox relay', () => {
  let api: TestApi;
  const logger = memoryLogger().logger;

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('webhook-relay') } });
  });
  afterAll(() => api.close());

  const tenantWithTarget = async (webhookUrl: string | null): Promise<TenantFixture> => {
    const tenant = await createTenantFixture(api.orm, api.config);
    await api.orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [webhookUrl, tenant.tenantId], 'run');
    return tenant;
  };
  const sqlOf = (tenant: TenantFixture) => tenantSql(api.orm, tenant.tenantId);
  const record = (
    tenant: TenantFixture,
    occurredAt = new Date('2026-11-22T10:00:00.000Z'),
    type: WebhookEventType = 'invoice.created',
  ) => {
    const sql = sqlOf(tenant);
    return sql.transactional((transaction) =>
      recordOutboxEvent(sql, transaction, {
        type,
        data: { id: 'inv_x' },
        occurredAt,
        testClockId: null,
      }),
    );
  };
  const rowOf = async (tenant: TenantFixture, eventId: string): Promise<EventRow> => {
    const sql = sqlOf(tenant);
    const row = await sql.one<EventRow>(
      `select status, dispatched_at, delivery_series from ${sql.table('webhook_events')} where id = ?`,
      [eventId],
    );
    if (row === undefined) throw new Error(`no event ${eventId}`);
    return row;
  };
  const handleOf = (tenant: TenantFixture, eventId: string, series = 1) =>
    api.temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(tenant.tenantId, eventId, series));
  const countingStarter = () => {
    const calls: WebhookDeliveryInput[] = [];
    const urgent: string[] = [];
    const real = temporalWebhookDeliveryStarter(api.temporal);
    const start: WebhookDeliveryStarter = async (input, options) => {
      calls.push(input);
      if (options?.urgent === true) urgent.push(input.eventId);
      await real(input, options);
    };
    return { calls, urgent, start };
  };
  const relay = (tenant: TenantFixture, start: WebhookDeliveryStarter) =>
    relayOutbox({ orm: api.orm, start, logger, schemas: new Set([tenantSchemaName(tenant.tenantId)]) });

  test('starts series 1 of each event with the event time as its start, then marks the row', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const eventId = await record(tenant);
    const { calls, start } = countingStarter();

    const report = await relay(tenant, start);

    expect(report).toEqual({ started: [eventId], skipped: [], failed: [] });
    expect(calls).toEqual([{ tenantId: tenant.tenantId, eventId, series: 1, startedAt: '2026-11-22T10:00:00.000Z' }]);
    const description = await handleOf(tenant, eventId).describe();
    expect(description.type).toBe('webhookDeliveryWorkflow');
    expect(description.workflowId).toBe(`webhook:${tenant.tenantId}:${eventId}`);
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'PENDING', delivery_series: 1 });
    expect((await rowOf(tenant, eventId)).dispatched_at).not.toBeNull();
    expect((await relay(tenant, start)).started).toEqual([]);
  });

  test('a balance alert starts urgent: its workflow goes ahead on the task queue, the other events keep their turn', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const at = new Date('2026-11-22T10:00:00.000Z');
    const invoiceEvent = await record(tenant, at, 'invoice.created');
    const depleted = await record(tenant, at, 'wallet.depleted');
    const lowBalance = await record(tenant, at, 'wallet.low_balance');
    const { urgent, start } = countingStarter();

    const report = await relay(tenant, start);

    expect(new Set(report.started)).toEqual(new Set([invoiceEvent, depleted, lowBalance]));
    expect(new Set(urgent)).toEqual(new Set([depleted, lowBalance]));
    const priorityOf = async (eventId: string) => (await handleOf(tenant, eventId).describe()).priority?.priorityKey;
    expect(await priorityOf(depleted)).toBe(1);
    expect(await priorityOf(lowBalance)).toBe(1);
    // No key: the task queue's default (3), behind the alerts.
    expect(await priorityOf(invoiceEvent)).toBeUndefined();
  });

  test('a relay that died between the start and the mark: the next pass finds the same workflow, no second one', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const eventId = await record(tenant);
    const input = { tenantId: tenant.tenantId, eventId, series: 1, startedAt: '2026-11-22T10:00:00.000Z' };
    await temporalWebhookDeliveryStarter(api.temporal)(input);
    const firstRun = (await handleOf(tenant, eventId).describe()).runId;
    expect((await rowOf(tenant, eventId)).dispatched_at).toBeNull();

    const report = await relay(tenant, countingStarter().start);

    expect(report.started).toEqual([eventId]);
    const description = await handleOf(tenant, eventId).describe();
    expect(description.runId).toBe(firstRun);
    expect(description.status.name).toBe('RUNNING');
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'PENDING', delivery_series: 1 });
  });

  test('a finished series is never started again by a late relay pass', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const eventId = await record(tenant);
    const input = { tenantId: tenant.tenantId, eventId, series: 1, startedAt: '2026-11-22T10:00:00.000Z' };
    await temporalWebhookDeliveryStarter(api.temporal)(input);
    await handleOf(tenant, eventId).terminate('finished before the relay marked its row');
    const firstRun = (await handleOf(tenant, eventId).describe()).runId;

    expect((await relay(tenant, countingStarter().start)).started).toEqual([eventId]);

    const description = await handleOf(tenant, eventId).describe();
    expect(description.runId).toBe(firstRun);
    expect(description.status.name).toBe('TERMINATED');
  });

  test('two relay passes at once start each event exactly once', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const eventIds: string[] = [];
    for (let index = 0; index < 30; index += 1) eventIds.push(await record(tenant));
    const { calls, start } = countingStarter();

    const reports = await Promise.all([relay(tenant, start), relay(tenant, start), relay(tenant, start)]);

    expect(reports.flatMap((report) => report.started).sort()).toEqual([...eventIds].sort());
    expect(calls.map((call) => call.eventId).sort()).toEqual([...eventIds].sort());
    for (const eventId of eventIds) {
      expect((await rowOf(tenant, eventId)).dispatched_at).not.toBeNull();
      expect((await handleOf(tenant, eventId).describe()).status.name).toBe('RUNNING');
    }
  });

  test('an event recorded while the tenant has no webhook URL is SKIPPED at once, and stays unsent once a URL is set', async () => {
    const tenant = await tenantWithTarget(null);
    const eventId = await record(tenant);
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'SKIPPED', delivery_series: 0 });
    expect((await rowOf(tenant, eventId)).dispatched_at).not.toBeNull();

    await api.orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [
        'https://hooks.example.com/b',
        tenant.tenantId,
      ]);
    const { calls, start } = countingStarter();
    expect(await relay(tenant, start)).toEqual({ started: [], skipped: [], failed: [] });

    expect(calls).toEqual([]);
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'SKIPPED', delivery_series: 0 });
    await expect(handleOf(tenant, eventId).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });

  test('a webhook URL removed between the record and the relay: the relay marks the event SKIPPED, nothing starts', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const eventId = await record(tenant);
    await api.orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = null where id = ?', [tenant.tenantId], 'run');
    const { calls, start } = countingStarter();

    expect(await relay(tenant, start)).toEqual({ started: [], skipped: [eventId], failed: [] });

    expect(calls).toEqual([]);
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'SKIPPED', delivery_series: 0 });
    await expect(handleOf(tenant, eventId).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });

  test('a failed start leaves the row for the next pass', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const eventId = await record(tenant);
    const unreachable: WebhookDeliveryStarter = () => Promise.reject(new Error('Temporal unreachable'));

    expect(await relay(tenant, unreachable)).toEqual({ started: [], skipped: [], failed: [eventId] });
    expect((await rowOf(tenant, eventId)).dispatched_at).toBeNull();

    expect((await relay(tenant, countingStarter().start)).started).toEqual([eventId]);
  });

  test('the running relay starts a new event within moments of its commit (NOTIFY), long before its sweep', async () => {
    const tenant = await tenantWithTarget('https://hooks.example.com/billing');
    const { calls, start } = countingStarter();
    const loop = startOutboxRelay({
      orm: api.orm,
      start,
      logger,
      sweepIntervalMs: 600_000,
      schemas: new Set([tenantSchemaName(tenant.tenantId)]),
    });
    try {
      // The first sweep subscribes; after it, only the notification can relay the event in time.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const eventId = await record(tenant);
      const recordedAt = Date.now();
      await waitUntil('the relay to mark the event', async () => (await rowOf(tenant, eventId)).dispatched_at !== null);
      expect(Date.now() - recordedAt).toBeLessThan(5_000);
      expect(calls.map((call) => call.eventId)).toEqual([eventId]);
    } finally {
      await loop.stop();
    }
  });
});
