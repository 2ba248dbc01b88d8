import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { tenantSql } from '../infra/db/tenant-sql';
import { recordOutboxEvent } from '../services/platform/webhooks';
import { configForDatabase } from '../test/harness/database';
import { createOrm, type Orm } from '../infra/db/orm';
import { createTimeSkippingTestServer, TIME_SKIPPING_NAMESPACE, uniqueTaskQueue } from '../test/harness/temporal-env';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { waitUntil } from '../test/harness/wait-for';
import { startWebhookReceiver, type WebhookReceiver } from '../test/fakes/webhook-receiver';
import { spawnWorkerProcess } from '../test/harness/worker-process';
import { webhookDeliveryWorkflowId } from '../workflows/shared/workflow-ids';
import {
  WEBHOOK_ATTEMPT_OFFSETS_MS,
  WEBHOOK_DELIVERY_WORKFLOW_TYPE,
  type WebhookDeliveryResult,
} from '../workflows/webhooks/messages';
import { ownDatabase } from '../test/harness/own-database';

const MINUTE_MS = 60_000;

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * A real worker process (worker/main.ts) SIGKILLed between two attempts of a delivery ladder, on the time-skipping
 * server: the attempts' timers are the server's, so a new worker process sends the rest at exactly their offsets,
 * with no attempt repeated and none skipped. The workers cache no workflows
 * (TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS=0): the test server, whose time stands still while a task is pending, would
 * otherwise wait forever for the dead worker's sticky queue, which a real server times out after 5 s.
 */
describe('a worker process killed between webhook attempts', () => {
  let env: TestWorkflowEnvironment;
  let address: string;
  let orm: Orm;
  let receiver: WebhookReceiver;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    ({ env, address } = await createTimeSkippingTestServer());
    orm = await createOrm(configForDatabase(database.env().DATABASE_URL), { poolMax: 4 });
    // Attempts 1-3 fail, the 4th is acknowledged.
    receiver = await startWebhookReceiver((n) => (n <= 3 ? { status: 500 } : { status: 204 }));
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await receiver.close();
    await orm.close();
    await env.teardown();
  });

  /** A worker process on the test server, once it runs (so a due task is not left waiting for it to start). */
  const startWorker = async (taskQueue: string): Promise<ChildProcess> => {
    const { child, running } = spawnWorkerProcess({
      ...database.env(),
      TEMPORAL_ADDRESS: address,
      TEMPORAL_NAMESPACE: TIME_SKIPPING_NAMESPACE,
      TEMPORAL_TASK_QUEUE: taskQueue,
      TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS: '0',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    workers.push(child);
    await running;
    return child;
  };

  /** An event of a tenant whose webhook URL is `url`, marked dispatched: the test starts its delivery. */
  async function recordedEvent(url = receiver.url) {
    const tenant = await createTenantFixture(orm, configForDatabase(database.env().DATABASE_URL));
    await orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [url, tenant.tenantId], 'run');
    const sql = tenantSql(orm, tenant.tenantId);
    const eventId = await sql.transactional(async (transaction) => {
      const occurredAt = new Date(await env.currentTimeMs());
      const id = await recordOutboxEvent(sql, transaction, {
        type: 'invoice.voided',
        data: { id: 'inv_x' },
        occurredAt,
        testClockId: null,
      });
      await sql.query(
        `update ${sql.table('webhook_events')} set delivery_series = 1, dispatched_at = now() where id = ?`,
        [id],
        transaction,
      );
      return id;
    });
    const attempts = () =>
      sql.query<{ number: number; status_code: number | null; error: string | null }>(
        `select number, status_code, error from ${sql.table('webhook_attempts')}
          where event_id = ? order by series, number`,
        [eventId],
      );
    const attemptNumbers = async () => (await attempts()).map((row) => row.number);
    const status = async () =>
      (await sql.one<{ status: string }>(`select status from ${sql.table('webhook_events')} where id = ?`, [eventId]))
        ?.status;
    return { tenantId: tenant.tenantId, eventId, attempts, attemptNumbers, status };
  }

  const startDelivery = async (event: { tenantId: string; eventId: string }, taskQueue: string) => {
    const startedAtMs = Math.ceil((await env.currentTimeMs()) / 1000) * 1000 + 1000;
    const handle = await env.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW_TYPE, {
      taskQueue,
      workflowId: webhookDeliveryWorkflowId(event.tenantId, event.eventId, 1),
      args: [
        { tenantId: event.tenantId, eventId: event.eventId, series: 1, startedAt: new Date(startedAtMs).toISOString() },
      ],
    });
    return { handle, startedAtMs };
  };

  test('the ladder resumes on a new process: attempts at exactly +0, +5 min, +30 min, +2 h, no duplicate', async () => {
    const event = await recordedEvent();
    const taskQueue = uniqueTaskQueue('webhook-ladder-kill');
    const doomed = await startWorker(taskQueue);
    const { handle, startedAtMs } = await startDelivery(event, taskQueue);

    await env.sleep(6 * MINUTE_MS);
    expect(receiver.received).toHaveLength(2);
    await waitUntil('the timer for attempt 3', async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      return events.at(-1)?.timerStartedEventAttributes != null;
    });
    doomed.kill('SIGKILL');
    await once(doomed, 'exit');
    // Ten minutes of server time with no worker at all: nothing is due, nothing happens.
    await env.sleep(10 * MINUTE_MS);
    expect(receiver.received).toHaveLength(2);

    await startWorker(taskQueue);
    const result = (await handle.result()) as WebhookDeliveryResult;

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 4 });
    const offsets = receiver.timestamps().map((at) => at * 1000 - startedAtMs);
    expect(offsets).toEqual(WEBHOOK_ATTEMPT_OFFSETS_MS.slice(0, 4));
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([event.eventId]),
    );
    expect(await event.attemptNumbers()).toEqual([1, 2, 3, 4]);
  }, 180_000);

  test('killed after its POST went out and before the attempt was written: a failed attempt is recorded, the next delivers', async () => {
    // Attempt 1 reaches the receiver, which never answers: the worker dies while the activity waits, nothing written.
    const hanging = await startWebhookReceiver((n) => (n === 1 ? 'hang' : { status: 204 }));
    try {
      const event = await recordedEvent(hanging.url);
      const taskQueue = uniqueTaskQueue('webhook-post-kill');
      const doomed = await startWorker(taskQueue);
      const { handle, startedAtMs } = await startDelivery(event, taskQueue);
      await waitUntil('attempt 1 at the receiver', () => Promise.resolve(hanging.received.length === 1));
      doomed.kill('SIGKILL');
      await once(doomed, 'exit');
      expect(await event.attempts()).toEqual([]);
      expect(await event.status()).toBe('PENDING');

      await startWorker(taskQueue);
      const result = (await handle.result()) as WebhookDeliveryResult;

      expect(result).toEqual({ outcome: 'DELIVERED', attempts: 2 });
      // Attempt 1 is sent once its workflow task has run (a loaded machine may take a second); attempt 2 is due at +5 min.
      expect(hanging.timestamps().map((at) => at * 1000 - startedAtMs)[1]).toBe(WEBHOOK_ATTEMPT_OFFSETS_MS[1]);
      expect(hanging.received).toHaveLength(2);
      const [first, second] = await event.attempts();
      expect(first).toMatchObject({ number: 1, status_code: null });
      expect(first?.error).toMatch(/^attempt did not complete: /);
      expect(second).toEqual({ number: 2, status_code: 204, error: null });
      expect(await event.status()).toBe('DELIVERED');
    } finally {
      await hanging.close();
    }
  }, 240_000);
});
