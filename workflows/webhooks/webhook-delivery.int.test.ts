import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { Webhook } from 'standardwebhooks';
import { createActivities } from '../../activities';
import { NO_WEBHOOK_URL_ERROR } from '../../activities/webhooks/webhook.activities';
import { loadConfig } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import { recordOutboxEvent } from '../../services/platform/webhooks';
import { rotateWebhookSigningSecret } from '../../services/platform/tenants';
import { createTestOrm } from '../../test/harness/database';
import { memoryLogger } from '../../test/harness/http-server';
import {
  createTestWorker,
  createTimeSkippingTestEnv,
  sharedWorkflowBundle,
  uniqueTaskQueue,
} from '../../test/harness/temporal-env';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import { startWebhookReceiver, type ReceivedRequest, type ReceiverReply } from '../../test/fakes/webhook-receiver';
import { tenantSchemaSql } from '../../test/harness/tenant-schema-sql';
import { webhookDeliveryWorkflowId } from '../shared/workflow-ids';
import { WEBHOOK_ATTEMPT_OFFSETS_MS, WEBHOOK_DELIVERY_WORKFLOW_TYPE, type WebhookDeliveryResult } from './messages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface AttemptRow {
  series: number;
  number: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

describe('webhookDeliveryWorkflow (time-skipping server, real receiver, real activities and database)', () => {
  let env: TestWorkflowEnvironment;
  let orm: Orm;
  const { logger } = memoryLogger();
  const receivers: { close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    env = await createTimeSkippingTestEnv();
    orm = await createTestOrm();
    await sharedWorkflowBundle();
  });

  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });

  afterAll(async () => {
    await orm.close();
    await env.teardown();
  });

  const receiver = async (reply: (n: number) => ReceiverReply) => {
    const started = await startWebhookReceiver(reply);
    receivers.push(started);
    return started;
  };

  const worker = (taskQueue: string, allowPrivateTargets = true): Promise<Worker> =>
    createTestWorker({
      env,
      taskQueue,
      activities: createActivities({ orm, logger, config: { webhookAllowPrivateTargets: allowPrivateTargets } }),
    });

  /**
   * A worker without a workflow cache, hence without a sticky queue: the time-skipping server does not time out a
   * stopped worker's sticky queue while its time is locked, so the next task would wait for the old worker forever
   * (a real server hands it to another worker after the sticky timeout).
   */
  const restartableWorker = async (taskQueue: string): Promise<Worker> =>
    Worker.create({
      connection: env.nativeConnection,
      namespace: env.namespace ?? 'default',
      taskQueue,
      workflowBundle: await sharedWorkflowBundle(),
      activities: createActivities({ orm, logger, config: { webhookAllowPrivateTargets: true } }),
      maxCachedWorkflows: 0,
    });

  /** A tenant whose webhook URL is `url`, with one recorded event, dispatched as the relay would (series 1). */
  async function recordedEvent(url: string) {
    const tenant = await createTenantFixture(orm, loadConfig());
    await orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [url, tenant.tenantId], 'run');
    const sql = tenantSql(orm, tenant.tenantId);
    const occurredAt = new Date(await env.currentTimeMs());
    const data = { id: 'inv_01JDQ0000000000000000000AB', status: 'OPEN', total: 30, currency: 'EUR' };
    const eventId = await sql.transactional(async (transaction) => {
      const id = await recordOutboxEvent(sql, transaction, {
        type: 'invoice.created',
        data,
        occurredAt,
        testClockId: null,
      });
      // What the relay does once the start succeeded; in the same transaction, so no relay elsewhere claims it.
      await sql.query(
        `update ${sql.table('webhook_events')} set delivery_series = 1, dispatched_at = now() where id = ?`,
        [id],
        transaction,
      );
      return id;
    });
    const attempts = () =>
      sql.query<AttemptRow>(
        `select series, number, attempted_at, status_code, duration_ms, error, response_excerpt
           from ${sql.table('webhook_attempts')} where event_id = ? order by series, number`,
        [eventId],
      );
    const event = async () =>
      (
        await sql.query<{ status: string; delivered_at: Date | null }>(
          `select status, delivered_at from ${sql.table('webhook_events')} where id = ?`,
          [eventId],
        )
      )[0];
    return { tenantId: tenant.tenantId, eventId, occurredAt, data, attempts, event };
  }

  /**
   * Starts series 1 on a whole second of server time, so every attempt falls on a whole second, 5 s ahead: the worker
   * made after the start may take its first task more than a second later on a loaded machine, and attempt 1 would
   * then go out late instead of waiting on its timer for +0.
   */
  async function startDelivery(target: { tenantId: string; eventId: string }, taskQueue: string) {
    const startedAtMs = Math.ceil((await env.currentTimeMs()) / 1000) * 1000 + 5000;
    const handle = await env.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW_TYPE, {
      taskQueue,
      workflowId: webhookDeliveryWorkflowId(target.tenantId, target.eventId, 1),
      args: [
        {
          tenantId: target.tenantId,
          eventId: target.eventId,
          series: 1,
          startedAt: new Date(startedAtMs).toISOString(),
        },
      ],
    });
    return { handle, startedAtSeconds: startedAtMs / 1000 };
  }

  const offsetsSeconds = (count: number) => WEBHOOK_ATTEMPT_OFFSETS_MS.slice(0, count).map((offset) => offset / 1000);

  test('fails three times then succeeds: attempts at exactly +0, +5 min, +30 min, +2 h of server time', async () => {
    const target = await receiver((n) => (n <= 3 ? { status: 503, body: 'busy' } : { status: 204 }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle, startedAtSeconds } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 4 });
    expect(target.timestamps().map((at) => at - startedAtSeconds)).toEqual(offsetsSeconds(4));
    const rows = await event.attempts();
    expect(rows.map((row) => [row.series, row.number, row.status_code, row.error])).toEqual([
      [1, 1, 503, 'HTTP 503'],
      [1, 2, 503, 'HTTP 503'],
      [1, 3, 503, 'HTTP 503'],
      [1, 4, 204, null],
    ]);
    expect(rows.map((row) => Math.floor(new Date(row.attempted_at).getTime() / 1000) - startedAtSeconds)).toEqual(
      offsetsSeconds(4),
    );
    expect(rows[0]?.response_excerpt).toBe('busy');
    const delivered = await event.event();
    expect(delivered?.status).toBe('DELIVERED');
    expect(new Date(delivered?.delivered_at ?? 0)).toEqual(new Date(rows[3]?.attempted_at ?? 1));
    // The same message on every attempt: one id, one body.
    expect(new Set(target.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([event.eventId]));
    expect(new Set(target.received.map((request) => request.body.toString('utf8'))).size).toBe(1);
  });

  test('an acknowledged attempt writes its row and DELIVERED in its own activity: one activity per delivery', async () => {
    const target = await receiver(() => ({ status: 202, body: 'queued' }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 1 });
    const scheduled = ((await handle.fetchHistory()).events ?? []).flatMap((historyEvent) => {
      const name = historyEvent.activityTaskScheduledEventAttributes?.activityType?.name;
      return name === undefined || name === null ? [] : [name];
    });
    expect(scheduled).toEqual(['postWebhook']);
    const rows = await event.attempts();
    expect(rows.map((row) => [row.number, row.status_code, row.error, row.response_excerpt])).toEqual([
      [1, 202, null, 'queued'],
    ]);
    const delivered = await event.event();
    expect(delivered?.status).toBe('DELIVERED');
    expect(new Date(delivered?.delivered_at ?? 0)).toEqual(new Date(rows[0]?.attempted_at ?? 1));
  });

  test('a receiver that always fails gets exactly 5 attempts, the 5th at +24 h, and the event ends FAILED', async () => {
    // 2,000 bytes of two-byte characters: the excerpt is cut at 1 KiB between characters.
    const target = await receiver(() => ({ status: 500, body: 'é'.repeat(1000) }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle, startedAtSeconds } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'FAILED', attempts: 5 });
    expect(target.timestamps().map((at) => at - startedAtSeconds)).toEqual(offsetsSeconds(5));
    expect(offsetsSeconds(5)[4]).toBe(24 * 3600);
    const rows = await event.attempts();
    expect(rows.map((row) => [row.number, row.status_code, row.error])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, 500, 'HTTP 500']),
    );
    expect(rows[0]?.response_excerpt).toBe('é'.repeat(512));
    expect(await event.event()).toEqual({ status: 'FAILED', delivered_at: null });
  });

  test('a receiver that never answers: the attempt ends at 30 s, is recorded as a timeout, and the next one proceeds', async () => {
    const target = await receiver((n) => (n === 1 ? 'hang' : { status: 200, body: 'ok' }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle, startedAtSeconds } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 2 });
    const [first, second] = await event.attempts();
    expect(first).toMatchObject({ number: 1, status_code: null, response_excerpt: null });
    expect(first?.error).toBe('timeout: no response within 30 s');
    expect(first?.duration_ms).toBeGreaterThanOrEqual(30_000);
    expect(first?.duration_ms).toBeLessThan(32_000);
    expect(second).toMatchObject({ number: 2, status_code: 200, error: null, response_excerpt: 'ok' });
    expect(target.timestamps().map((at) => at - startedAtSeconds)).toEqual(offsetsSeconds(2));
  }, 90_000);

  test('a receiver that answers 200 at once and keeps its body open: attempt 1 delivers, no duplicate is sent', async () => {
    const target = await receiver(() => ({ status: 200, body: 'ok', then: 'hold' }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 1 });
    expect(target.received).toHaveLength(1);
    const [first, ...others] = await event.attempts();
    expect(others).toEqual([]);
    expect(first).toMatchObject({ number: 1, status_code: 200, error: null, response_excerpt: 'ok' });
    expect(first?.duration_ms).toBeLessThan(30_000);
    expect((await event.event())?.status).toBe('DELIVERED');
  }, 90_000);

  test('a worker shut down between attempts: a new worker resumes the ladder with no duplicate and no skipped attempt', async () => {
    const target = await receiver((n) => (n <= 3 ? { status: 500 } : { status: 200 }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle, startedAtSeconds } = await startDelivery(event, taskQueue);

    // Attempts 1 and 2, then the workflow waits on its timer for attempt 3 (+30 min) when the first worker stops.
    await (await restartableWorker(taskQueue)).runUntil(env.sleep(6 * MINUTE_MS));
    expect(target.received).toHaveLength(2);
    // Ten minutes with no worker at all: the timer is the server's, not the worker's.
    await env.sleep(10 * MINUTE_MS);
    expect(target.received).toHaveLength(2);
    const result = await (
      await restartableWorker(taskQueue)
    ).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 4 });
    expect(target.timestamps().map((at) => at - startedAtSeconds)).toEqual(offsetsSeconds(4));
    expect((await event.attempts()).map((row) => row.number)).toEqual([1, 2, 3, 4]);
  });

  test('signatures verify with the standardwebhooks package; after a rotation both secrets verify the same delivery', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const event = await recordedEvent(target.url);
    const connection = orm.em.getConnection();
    const secretOf = async () =>
      (
        await connection.execute<{ webhook_signing_secret: string }[]>(
          'select webhook_signing_secret from central.tenants where id = ?',
          [event.tenantId],
        )
      )[0]?.webhook_signing_secret ?? '';
    const oldSecret = await secretOf();
    await rotateWebhookSigningSecret(orm, event.tenantId);
    const newSecret = await secretOf();
    // An hour ago on the server's clock (which earlier tests moved ahead of the database's).
    const rotatedAt = new Date((await env.currentTimeMs()) - HOUR_MS);
    await connection.execute('update central.tenants set webhook_secret_rotated_at = ? where id = ?', [
      rotatedAt,
      event.tenantId,
    ]);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    await (await worker(taskQueue)).runUntil(handle.result());

    const [delivery] = target.received;
    if (delivery === undefined) throw new Error('nothing received');
    expect(delivery.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(delivery.headers['content-type']).toBe('application/json');
    const expected = {
      id: event.eventId,
      event: 'invoice.created',
      timestamp: event.occurredAt.toISOString(),
      data: event.data,
    };
    expect(verifyAtSendTime(newSecret, delivery)).toEqual(expected);
    expect(verifyAtSendTime(oldSecret, delivery)).toEqual(expected);
    // The signature covers the bytes sent: one byte changed and neither secret verifies.
    const tampered = { ...delivery, body: Buffer.from(delivery.body.toString('utf8').replace('OPEN', 'PAID')) };
    expect(() => verifyAtSendTime(newSecret, tampered)).toThrow();
  });

  test('more than 24 h after a rotation only the new secret signs', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const event = await recordedEvent(target.url);
    const connection = orm.em.getConnection();
    const [before] = await connection.execute<{ webhook_signing_secret: string }[]>(
      'select webhook_signing_secret from central.tenants where id = ?',
      [event.tenantId],
    );
    const rotated = await rotateWebhookSigningSecret(orm, event.tenantId);
    await connection.execute('update central.tenants set webhook_secret_rotated_at = ? where id = ?', [
      new Date((await env.currentTimeMs()) - 25 * HOUR_MS),
      event.tenantId,
    ]);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    await (await worker(taskQueue)).runUntil(handle.result());

    const [delivery] = target.received;
    if (delivery === undefined || rotated === undefined || before === undefined) throw new Error('missing data');
    expect(delivery.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(verifyAtSendTime(rotated.webhookSigningSecret, delivery)).toMatchObject({ id: event.eventId });
    expect(() => verifyAtSendTime(before.webhook_signing_secret, delivery)).toThrow();
  });

  const inTenant = (tenantId: string) => tenantSchemaSql(() => ({ orm, tenantId }));

  test('an event deleted before its attempt: nothing is sent, the series ends SKIPPED', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const event = await recordedEvent(target.url);
    await inTenant(event.tenantId)('delete from $schema.webhook_events where id = ?', [event.eventId]);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'SKIPPED', attempts: 0 });
    expect(target.received).toHaveLength(0);
  });

  test('a series a redelivery replaced sends nothing at its next attempt and leaves the row to the new series', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const event = await recordedEvent(target.url);
    // What a redelivery while series 1 waits between attempts leaves on the row: series 2, PENDING.
    await inTenant(event.tenantId)('update $schema.webhook_events set delivery_series = 2 where id = ?', [
      event.eventId,
    ]);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'SKIPPED', attempts: 0 });
    expect(target.received).toHaveLength(0);
    expect(await event.attempts()).toEqual([]);
    expect(await event.event()).toEqual({ status: 'PENDING', delivered_at: null });
  });

  test('a webhook URL removed after the event: each attempt is recorded as failed without a request, then FAILED', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const event = await recordedEvent(target.url);
    await orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = null where id = ?', [event.tenantId], 'run');
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'FAILED', attempts: 5 });
    expect(target.received).toHaveLength(0);
    const rows = await event.attempts();
    expect(rows.map((row) => [row.number, row.status_code, row.error])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, null, NO_WEBHOOK_URL_ERROR]),
    );
    expect(await event.event()).toEqual({ status: 'FAILED', delivered_at: null });
  });

  test('an attempt its activity could not record is recorded by the workflow, without a second POST', async () => {
    const target = await receiver(() => ({ status: 200, body: 'thanks' }));
    const event = await recordedEvent(target.url);
    // The activity's own insert fails once (the first insert into this tenant's attempts); the next one goes through.
    await inTenant(event.tenantId)(
      `create sequence $schema.attempt_inserts;
       create function $schema.fail_first_attempt_insert() returns trigger language plpgsql as $f$
         begin
           if nextval('$schema.attempt_inserts') = 1 then raise exception 'attempts table unavailable'; end if;
           return new;
         end $f$;
       create trigger fail_first_attempt_insert before insert on $schema.webhook_attempts
         for each row execute function $schema.fail_first_attempt_insert()`,
    );
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    const result = await (await worker(taskQueue)).runUntil(handle.result() as Promise<WebhookDeliveryResult>);

    expect(result).toEqual({ outcome: 'DELIVERED', attempts: 1 });
    expect(target.received).toHaveLength(1);
    const rows = await event.attempts();
    expect(rows.map((row) => [row.number, row.status_code, row.error, row.response_excerpt])).toEqual([
      [1, 200, null, 'thanks'],
    ]);
    expect((await event.event())?.status).toBe('DELIVERED');
  });

  test('with private targets refused (the default), a receiver on 127.0.0.1 is refused at send time', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const event = await recordedEvent(target.url);
    const taskQueue = uniqueTaskQueue('webhook-delivery');
    const { handle } = await startDelivery(event, taskQueue);

    await (
      await worker(taskQueue, false)
    ).runUntil(async () => {
      await env.sleep(2_000);
      await waitForRows(event.attempts, 1);
    });
    await handle.terminate('test over');

    expect(target.received).toHaveLength(0);
    const [first] = await event.attempts();
    expect(first).toMatchObject({ number: 1, status_code: null });
    expect(first?.error).toMatch(/^target refused: host 127\.0\.0\.1 resolves to a loopback address/);
  });
});

async function waitForRows(read: () => Promise<unknown[]>, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await read()).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} rows after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Verifies with the receiver-side library. It checks the timestamp against the real clock (5 min tolerance) while
 * the attempts carry the test server's skipped-ahead time: pin the clock to the attempt's own timestamp.
 */
function verifyAtSendTime(secret: string, delivery: ReceivedRequest): unknown {
  const now = jest.spyOn(Date, 'now').mockReturnValue(Number(delivery.headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(delivery.body, delivery.headers);
  } finally {
    now.mockRestore();
  }
}
