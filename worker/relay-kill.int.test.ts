import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Transaction } from '@mikro-orm/core';
import { WorkflowNotFoundError } from '@temporalio/common';
import { subscriptionTestClient } from '../test/fixtures/subscription-test-client';
import { quoteIdentifier } from '../infra/db/sql-identifier';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { startTestApi, type TestApi } from '../test/harness/api-harness';
import { uniqueTaskQueue } from '../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../test/fixtures/tenant-fixture';
import { waitUntil } from '../test/harness/wait-for';
import { startWebhookReceiver, type WebhookReceiver } from '../test/fakes/webhook-receiver';
import { spawnWorkerProcess } from '../test/harness/worker-process';
import { webhookDeliveryWorkflowId } from '../workflows/shared/workflow-ids';
import { ownDatabase } from '../test/harness/own-database';

interface EventRow {
  status: string;
  dispatched_at: Date | null;
  delivery_series: number;
}

/** The relay's two writes around a start (services/platform/webhooks/outbox-relay.ts), as their statements spell them. */
const CLAIM_SERIES = 'delivery_series = greatest(delivery_series, 1)';
const MARK_DISPATCHED = 'set dispatched_at = now()';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * The worker process (which runs the outbox relay) is SIGKILLed between a committed state change and its delivery
 * start, then between the start and the row's mark. A fresh worker process's relay finds what the dead one left:
 * the event is delivered exactly once, by exactly one workflow run, either way.
 *
 * The kill lands at a chosen statement: a statement-level trigger on the tenant's outbox makes the relay's chosen
 * UPDATE wait for an advisory lock the test holds (statement level, so it holds no row lock the delivery's own
 * outcome update would wait for).
 */
describe('the webhook relay process killed around a delivery start', () => {
  const taskQueue = uniqueTaskQueue('relay-kill');
  let api: TestApi;
  let receiver: WebhookReceiver;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { ...database.env(), TEMPORAL_TASK_QUEUE: taskQueue } });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map(stopWorker));
    await receiver.close();
  });
  afterAll(() => api.close());

  const startWorker = (): ChildProcess => {
    const { child } = spawnWorkerProcess({
      ...database.env(),
      TEMPORAL_TASK_QUEUE: taskQueue,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    workers.push(child);
    return child;
  };

  const run = <T>(text: string, params: unknown[] = [], transaction?: Transaction) =>
    api.orm.em.getConnection().execute<T[]>(text, params, 'all', transaction);

  /** A tenant whose webhook URL is the receiver, and one state change through the API: a manual invoice. */
  async function invoiceCreatedEvent(): Promise<{ tenant: TenantFixture; eventId: string }> {
    const tenant = await createTenantFixture(api.orm, api.config);
    receiver = await startWebhookReceiver();
    await run('update central.tenants set webhook_url = ? where id = ?', [receiver.url, tenant.tenantId]);
    const client = subscriptionTestClient(api, () => tenant);
    const customerId = await client.createCustomer();
    const invoice = await client.call('POST', '/invoices', {
      body: { customerId, items: [{ description: 'Setup', quantity: 1, unitAmount: 120 }] },
    });
    expect(invoice.status).toBe(201);
    const [event] = await run<{ id: string }>(
      `select id from ${schemaOf(tenant)}.webhook_events where event_type = 'invoice.created' and data ->> 'id' = ?`,
      [String(invoice.body.id)],
    );
    if (event === undefined) throw new Error('no invoice.created event');
    return { tenant, eventId: event.id };
  }

  const rowOf = async (tenant: TenantFixture, eventId: string): Promise<EventRow> => {
    const [row] = await run<EventRow>(
      `select status, dispatched_at, delivery_series from ${schemaOf(tenant)}.webhook_events where id = ?`,
      [eventId],
    );
    if (row === undefined) throw new Error(`no event ${eventId}`);
    return row;
  };

  const attemptsOf = async (tenant: TenantFixture, eventId: string): Promise<number> => {
    const [row] = await run<{ count: string }>(
      `select count(*) as count from ${schemaOf(tenant)}.webhook_attempts where event_id = ?`,
      [eventId],
    );
    return Number(row?.count);
  };

  const runsOf = async (tenant: TenantFixture, eventId: string): Promise<string[]> => {
    const workflowId = webhookDeliveryWorkflowId(tenant.tenantId, eventId, 1);
    const runs: string[] = [];
    for await (const execution of api.temporal.client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
      runs.push(execution.runId);
    }
    return runs;
  };

  /**
   * Makes the tenant's relay statement containing `statement` wait until `release` (returned) is called; also
   * returns a probe for the process waiting there.
   */
  async function holdRelayAt(tenant: TenantFixture, statement: string) {
    const schema = schemaOf(tenant);
    const [key] = await run<{ key: string }>('select hashtextextended(?, 0) as key', [`relay-kill:${tenant.tenantId}`]);
    await run(`create function ${schema}.hold_relay() returns trigger language plpgsql as $hold$
      begin
        if current_query() like '%${statement}%' then perform pg_advisory_xact_lock(${key?.key}); end if;
        return null;
      end $hold$`);
    await run(`create trigger hold_relay before update on ${schema}.webhook_events
      for each statement execute function ${schema}.hold_relay()`);
    const connection = api.orm.em.getConnection();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = connection.transactional(async (transaction: Transaction) => {
      await run('select pg_advisory_xact_lock(?)', [key?.key], transaction);
      locked();
      await released;
    });
    await isLocked;
    const waiting = () =>
      run<{ pid: number }>(
        `select a.pid from pg_stat_activity a join pg_locks l on l.pid = a.pid
          where l.locktype = 'advisory' and not l.granted and a.query like ?`,
        [`%${statement}%`],
      );
    return {
      waiting,
      /** Ends the dead relay's orphaned statement, lets everything through and removes the trigger. */
      release: async () => {
        for (const { pid } of await waiting()) await run('select pg_terminate_backend(?)', [pid]);
        release();
        await holder;
        await run(`drop trigger hold_relay on ${schema}.webhook_events; drop function ${schema}.hold_relay()`);
      },
    };
  }

  async function kill(worker: ChildProcess): Promise<void> {
    worker.kill('SIGKILL');
    await once(worker, 'exit');
  }

  test('killed after the state change, before the start: the next relay starts it, one delivery', async () => {
    const { tenant, eventId } = await invoiceCreatedEvent();
    const hold = await holdRelayAt(tenant, CLAIM_SERIES);

    const doomed = startWorker();
    await waitUntil('the relay to reach the event', async () => (await hold.waiting()).length > 0, WORKER_BOOT_MS);
    await expect(
      api.temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(tenant.tenantId, eventId, 1)).describe(),
    ).rejects.toBeInstanceOf(WorkflowNotFoundError);
    await kill(doomed);
    await hold.release();
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'PENDING', dispatched_at: null, delivery_series: 0 });
    expect(receiver.received).toHaveLength(0);

    startWorker();
    // A new process boots, relays and delivers. The server may first hand the delivery's workflow task to the killed
    // process's last poll, which only its task timeout (10 s) gives back: what counts is one delivery, not how soon.
    await waitUntil(
      'the delivery',
      async () => (await rowOf(tenant, eventId)).status === 'DELIVERED',
      AFTER_RESTART_MS,
    );
    await settle();

    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(eventId);
    expect((await rowOf(tenant, eventId)).dispatched_at).not.toBeNull();
    expect(await attemptsOf(tenant, eventId)).toBe(1);
    expect(await runsOf(tenant, eventId)).toHaveLength(1);
  }, 120_000);

  test('killed after the start, before the mark: the next relay finds the same run, no second delivery', async () => {
    const { tenant, eventId } = await invoiceCreatedEvent();
    const hold = await holdRelayAt(tenant, MARK_DISPATCHED);

    const doomed = startWorker();
    await waitUntil(
      'the relay to block before its mark',
      async () => (await hold.waiting()).length > 0,
      WORKER_BOOT_MS,
    );
    // The start went through: the dying process's own worker delivers attempt 1 meanwhile.
    await waitUntil(
      'the first delivery',
      async () => (await rowOf(tenant, eventId)).status === 'DELIVERED',
      WORKER_BOOT_MS,
    );
    const [startedRun] = await runsOf(tenant, eventId);
    await kill(doomed);
    await hold.release();
    expect(await rowOf(tenant, eventId)).toMatchObject({ dispatched_at: null, delivery_series: 1 });

    startWorker();
    await waitUntil('the mark', async () => (await rowOf(tenant, eventId)).dispatched_at !== null, AFTER_RESTART_MS);
    await settle();

    expect(receiver.received).toHaveLength(1);
    expect(await rowOf(tenant, eventId)).toMatchObject({ status: 'DELIVERED', delivery_series: 1 });
    expect(await attemptsOf(tenant, eventId)).toBe(1);
    expect(await runsOf(tenant, eventId)).toEqual([startedRun]);
  }, 120_000);
});

/** How long a restarted worker process may take to boot and finish what the killed one left. */
const AFTER_RESTART_MS = 40_000;
/**
 * How long a worker process may take to boot (tsx, the workflow bundle, the metrics server) and relay: seconds on an
 * idle machine, tens of seconds when other test files share its two cores.
 */
const WORKER_BOOT_MS = 40_000;

function schemaOf(tenant: TenantFixture): string {
  return quoteIdentifier(tenantSchemaName(tenant.tenantId));
}

/** Longer than the relay's 5 s sweep: a duplicate start or delivery has every chance to show before counting. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 6_000));
}

async function stopWorker(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  worker.kill('SIGTERM');
  await once(worker, 'exit');
}
