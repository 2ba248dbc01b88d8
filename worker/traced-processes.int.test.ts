import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { loadConfig } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import { findFreePort } from '../infra/net/wait-for-port';
import { createCustomerThroughApi } from '../test/fixtures/resource-test';
import { createTenantFixture } from '../test/fixtures/tenant-fixture';
import { apiClient, type ApiCall } from '../test/harness/api-client';
import { spawnApiProcess } from '../test/harness/api-process';
import { createTestOrm } from '../test/harness/database';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../test/harness/otlp-receiver';
import { tracedWorkflowBundlePath, uniqueTaskQueue } from '../test/harness/temporal-env';
import { waitForValue } from '../test/harness/wait-for';
import { spawnWorkerProcess } from '../test/harness/worker-process';

/**
 * The production wiring: `api/main.ts` and `worker/main.ts` as their npm scripts run them (under tsx), tracing on
 * through the standard variables, exporting OTLP/HTTP to a local receiver. Their entries start tracing before
 * anything else loads, so `node:http` and `pg` (imported by the ESM-only ORM) are instrumented in both processes,
 * and one request's trace crosses from billing-api to billing-worker.
 */
describe('tracing across the API and worker processes', () => {
  const config = loadConfig();
  const taskQueue = uniqueTaskQueue('traced-processes');
  let receiver: OtlpReceiver;
  let orm: Orm;
  let call: ApiCall;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    orm = await createTestOrm();
    const port = await findFreePort();
    const env = {
      TEMPORAL_TASK_QUEUE: taskQueue,
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      // A worker that exports spans runs the bundle with the tracing interceptors (and refuses one without them).
      TEMPORAL_WORKFLOW_BUNDLE: tracedWorkflowBundlePath() ?? '',
      RATE_LIMIT_PER_MINUTE: '1000000',
    };
    const api = spawnApiProcess({ ...env, PORT: String(port) });
    const worker = spawnWorkerProcess(env);
    children.push(api.child, worker.child);
    await Promise.all([api.listening, worker.running]);
    const tenant = await createTenantFixture(orm, config);
    call = apiClient(() => ({ baseUrl: `http://127.0.0.1:${port}/api`, token: tenant.apiKey }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await receiver.close();
    await orm.close();
  }, 60_000);

  test('one POST /subscriptions: the API exports the request and the start, the worker the workflow and its SQL', async () => {
    const plan = await call('POST', '/plans', {
      body: { name: 'Basic', code: 'traced', billingInterval: 'MONTHLY', prices: [{ currency: 'USD', amount: 30 }] },
    });
    const customerId = await createCustomerThroughApi(call);
    const created = await call('POST', '/subscriptions', {
      body: { customerId, planId: String(plan.body.id), currency: 'USD' },
    });
    expect(created.status).toBe(201);
    // The workflow's RunWorkflow span is exported when the run ends.
    const canceled = await call('POST', `/subscriptions/${String(created.body.id)}/cancel`, {
      body: { cancelAt: 'now' },
    });
    expect(canceled.status).toBe(200);

    const chain = await waitForValue(
      'the trace from the request to the activity SQL',
      () => sqlChainOf(receiver.spans()),
      60_000,
    );
    expect(chain.map((span) => [span.service, span.name.replace(/^pg\.query:.*/, 'pg.query')])).toEqual([
      ['billing-worker', 'pg.query'],
      ['billing-worker', 'RunActivity:loadSubscription'],
      ['billing-worker', 'StartActivity:loadSubscription'],
      ['billing-worker', 'RunWorkflow:subscriptionWorkflow'],
      ['billing-api', 'StartWorkflow:subscriptionWorkflow'],
      ['billing-api', 'POST /api/subscriptions'],
    ]);
    expect(new Set(chain.map((span) => span.traceId)).size).toBe(1);
    // The API's own SQL of that request is in the same trace.
    const apiSql = receiver
      .spans()
      .filter((span) => span.service === 'billing-api' && span.parentSpanId === chain.at(-1)?.spanId);
    expect(apiSql.some((span) => span.name.startsWith('pg.query'))).toBe(true);
  }, 120_000);
});

/** The chain from an activity's SQL up to the API's POST /api/subscriptions span, once every link has arrived. */
function sqlChainOf(spans: readonly ReceivedSpan[]): ReceivedSpan[] | undefined {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  for (const query of spans.filter((span) => span.name.startsWith('pg.query') && span.service === 'billing-worker')) {
    const chain = [query];
    for (let parentId = query.parentSpanId; parentId !== undefined;) {
      const parent = byId.get(parentId);
      if (parent === undefined) break;
      chain.push(parent);
      parentId = parent.parentSpanId;
    }
    if (chain[1]?.name === 'RunActivity:loadSubscription' && chain.at(-1)?.name === 'POST /api/subscriptions') {
      return chain;
    }
  }
  return undefined;
}
