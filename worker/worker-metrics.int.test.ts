import { randomUUID } from 'node:crypto';
import { DefaultLogger, Runtime, type Worker } from '@temporalio/worker';
import { loadConfig } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import { tenantSql } from '../infra/db/tenant-sql';
import { createLogger } from '../infra/logger';
import { findFreePort } from '../infra/net/wait-for-port';
import { createTemporalClient, type TemporalClient } from '../infra/temporal/client';
import { recordOutboxEvent, temporalWebhookDeliveryStarter } from '../services/platform/webhooks';
import { parseExposition, sampleSum, declaredFamilies, type Sample } from '../test/checks/prometheus-text';
import { TEMPORAL_SDK_FAMILIES } from '../test/checks/temporal-sdk-metrics';
import { startWebhookReceiver, type WebhookReceiver } from '../test/fakes/webhook-receiver';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { createTestOrm } from '../test/harness/database';
import { clockCheckWorkflow } from '../workflows';
import { webhookDeliveryWorkflowId } from '../workflows/shared/workflow-ids';
import { activityMetricsInterceptor } from './activity-metrics';
import { createWorker } from './create-worker';
import { startWorkerMetricsServer, type WorkerMetricsServer } from './metrics-server';
import { temporalMetricsExporter } from './temporal-metrics';
import { createWorkerMetrics } from './worker-metrics';

const TOKEN = 'scrape-token-for-the-worker-metrics-test';

/**
 * The worker as worker/main.ts wires it (runtime exporter, activity interceptor, metrics server) against the run's
 * dev server, real activities and database. This file installs the Temporal runtime itself, so it imports nothing
 * that would install another (test/harness/temporal-env does on import).
 */
describe("the worker's GET /metrics after real activities on the dev server", () => {
  const config = loadConfig();
  const logger = createLogger({ level: 'silent', name: 'worker-metrics-test' });
  const taskQueue = `worker-metrics-${randomUUID()}`;
  let orm: Orm;
  let temporal: TemporalClient;
  let server: WorkerMetricsServer;
  let worker: Worker;
  let closeWorker: () => Promise<void>;
  let running: Promise<void>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const temporalExporterAddress = `127.0.0.1:${await findFreePort()}`;
    Runtime.install({
      logger: new DefaultLogger('ERROR'),
      telemetryOptions: {
        logging: { filter: { core: 'ERROR', other: 'ERROR' } },
        metrics: temporalMetricsExporter({ temporalExporterAddress }),
      },
      shutdownSignals: [],
    });
    orm = await createTestOrm();
    temporal = await createTemporalClient(config);
    receiver = await startWebhookReceiver(() => ({ status: 204 }));
    const metrics = createWorkerMetrics();
    server = await startWorkerMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      metrics,
      temporalExporterAddress,
      logger,
    });
    const created = await createWorker({
      config: { temporal: { ...config.temporal, taskQueue }, webhookAllowPrivateTargets: true },
      logger,
      orm,
      activityInterceptors: [activityMetricsInterceptor(metrics)],
    });
    worker = created.worker;
    closeWorker = created.close;
    running = worker.run();
  });

  afterAll(async () => {
    worker.shutdown();
    await running;
    await closeWorker();
    await Promise.all([server.close(), receiver.close(), temporal.close(), orm.close()]);
  });

  const scrapeText = async (): Promise<string> => {
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const scrape = async (): Promise<Sample[]> => parseExposition(await scrapeText());
  const increase = async (name: string, labels: Record<string, string>, work: () => Promise<unknown>) => {
    const before = sampleSum(await scrape(), name, labels);
    await work();
    return sampleSum(await scrape(), name, labels) - before;
  };

  /** A tenant whose webhooks go to the receiver, and one event recorded in its outbox. */
  async function recordedEvent(): Promise<{ tenantId: string; eventId: string }> {
    const tenant = await createTenantFixture(orm, config);
    await orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [receiver.url, tenant.tenantId], 'run');
    const sql = tenantSql(orm, tenant.tenantId);
    const data = { id: 'inv_01JDQ0000000000000000000AB', status: 'OPEN', total: 30, currency: 'EUR' };
    const eventId = await sql.transactional(async (transaction) => {
      const id = await recordOutboxEvent(sql, transaction, {
        type: 'invoice.created',
        data,
        occurredAt: new Date(),
        testClockId: null,
      });
      // As the relay marks it once its start succeeded, so no relay elsewhere in the run starts it too.
      await sql.query(
        `update ${sql.table('webhook_events')} set delivery_series = 1, dispatched_at = now() where id = ?`,
        [id],
        transaction,
      );
      return id;
    });
    return { tenantId: tenant.tenantId, eventId };
  }

  async function deliver(input: { tenantId: string; eventId: string }): Promise<unknown> {
    await temporalWebhookDeliveryStarter({ client: temporal.client, taskQueue })({
      ...input,
      series: 1,
      startedAt: new Date().toISOString(),
    });
    return temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(input.tenantId, input.eventId, 1)).result();
  }

  it('refuses a scrape without the token or with another one, and answers 404 off /metrics', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-the-worker-scrape-token' }]) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    expect((await fetch(`${server.url}/other`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("counts an activity attempt by type and relays the Temporal SDK's runtime series", async () => {
    const labels = { activity_type: 'recordClockCheck' };
    const ran = await increase('billing_activity_executions_total', labels, async () => {
      const handle = await temporal.client.workflow.start(clockCheckWorkflow, {
        taskQueue,
        workflowId: `clock-check-${randomUUID()}`,
        args: [{ sleep: '10 milliseconds' }],
      });
      await handle.result();
    });
    expect(ran).toBe(1);
    const text = await scrapeText();
    const samples = parseExposition(text);
    expect(sampleSum(samples, 'billing_worker_temporal_exporter_up')).toBe(1);
    const families = declaredFamilies(text);
    const temporalFamilies = [...families].filter(([name]) => name.startsWith('temporal_'));
    expect(temporalFamilies.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'temporal_workflow_task_schedule_to_start_latency_seconds',
        'temporal_activity_schedule_to_start_latency_seconds',
        'temporal_activity_execution_latency_seconds',
        'temporal_worker_task_slots_available',
        'temporal_num_pollers',
      ]),
    );
    // The catalogue the dashboard's check relies on holds every family the SDK really shows, with its type.
    for (const [name, type] of temporalFamilies) expect([name, TEMPORAL_SDK_FAMILIES.get(name)]).toEqual([name, type]);
    const activityLatency = samples.filter(
      (sample) =>
        sample.name === 'temporal_activity_execution_latency_seconds_count' &&
        sample.labels.activity_type === 'recordClockCheck' &&
        sample.labels.task_queue === taskQueue,
    );
    expect(activityLatency.map((sample) => sample.value)).toEqual([1]);
  });

  it('counts a delivered webhook attempt by outcome', async () => {
    const event = await recordedEvent();
    const delivered = await increase('billing_webhook_attempts_total', { outcome: 'delivered' }, () => deliver(event));
    expect(delivered).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('counts a failed activity by type, a business refusal as non-retryable', async () => {
    const tenant = await createTenantFixture(orm, config);
    const gone = { tenantId: tenant.tenantId, eventId: `whe_${randomUUID()}` };
    const labels = { activity_type: 'postWebhook', non_retryable: 'true' };
    const failures = await increase('billing_activity_failures_total', labels, async () => {
      expect(await deliver(gone)).toEqual({ outcome: 'SKIPPED', attempts: 0 });
    });
    expect(failures).toBe(1);
  });
});
