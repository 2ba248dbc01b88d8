import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, REQUEST_ID_ATTRIBUTE, type Tracing } from '../infra/tracing';
import { createLogger } from '../infra/logger';
import { setUpResourceTest } from '../test/fixtures/resource-test';
import { subscriptionTestClient } from '../test/fixtures/subscription-test-client';
import { patchModulesLoadedByJest } from '../test/harness/jest-instrumentation';
import { uniqueTaskQueue } from '../test/harness/temporal-env';
import { waitForValue } from '../test/harness/wait-for';
import { createWorker, type WorkerHandle } from './create-worker';
import { tracedWorkflowBundlePath } from '../test/harness/temporal-env';

/**
 * One trace from an API request to the SQL of the activities its workflow runs: the API app and a production worker
 * (`createWorker`: the bundle with the tracing interceptors, the span sink) in this process, so one in-memory
 * exporter sees the spans of both.
 */
describe('tracing: POST /subscriptions to its workflow, activity and SQL', () => {
  const exporter = new InMemorySpanExporter();
  // Started before the app: the Temporal clients the app builds and the worker's sink find it.
  const tracing: Tracing = startTracing({
    defaultServiceName: 'billing-test',
    spanProcessor: new SimpleSpanProcessor(exporter),
  });
  const unpatch = patchModulesLoadedByJest(tracing);
  const taskQueue = uniqueTaskQueue('connected-trace');
  const { api, tenant } = setUpResourceTest({ api: { env: { TEMPORAL_TASK_QUEUE: taskQueue } } });
  const client = () => subscriptionTestClient(api, () => tenant);
  let handle: WorkerHandle;
  let running: Promise<void>;

  beforeAll(async () => {
    handle = await createWorker({
      // With tracing on, the worker runs the bundle with the tracing interceptors (and refuses one without them).
      config: {
        temporal: {
          ...api.config.temporal,
          taskQueue,
          workflowBundlePath: tracedWorkflowBundlePath(),
        },
      },
      logger: createLogger({ level: 'silent', name: 'connected-trace-worker' }),
      orm: api.orm,
    });
    running = handle.worker.run();
  });

  afterAll(async () => {
    handle.worker.shutdown();
    await running;
    await handle.close();
    unpatch();
    await tracing.shutdown();
  });

  test('the server span, StartWorkflow, RunWorkflow, an activity and its SQL are one trace with parent links', async () => {
    const { createCustomer, createPlan, subscribe, call } = client();
    const planId = await createPlan({ trialDays: 0 });
    const customerId = await createCustomer();

    const reply = await subscribe({ customerId, planId });
    expect(reply.status).toBe(201);
    const requestId = reply.headers.get('x-request-id');
    // Cancelled now, the workflow ends: its RunWorkflow span ends (and is exported) only then.
    const canceled = await call('POST', `/subscriptions/${String(reply.body.id)}/cancel`, {
      body: { cancelAt: 'now' },
    });
    expect(canceled.status).toBe(200);

    const server = await waitForValue('the server span of POST /subscriptions', () =>
      exporter
        .getFinishedSpans()
        .find((span) => span.kind === SpanKind.SERVER && span.attributes[REQUEST_ID_ATTRIBUTE] === requestId),
    );
    expect(server.name).toBe('POST /api/subscriptions');
    expect(server.attributes['http.route']).toBe('/api/subscriptions');
    const traceId = server.spanContext().traceId;

    // The workflow's spans arrive through the worker's sink once the workflow ends.
    const chain = await waitForValue(
      'a SQL span under the first activity, linked up to the request',
      () => sqlChainOf(exporter.getFinishedSpans(), traceId),
      30_000,
    );
    expect(chain.map((span) => span.name)).toEqual([
      expect.stringMatching(/^pg\.query/) as unknown,
      'RunActivity:loadSubscription',
      'StartActivity:loadSubscription',
      'RunWorkflow:subscriptionWorkflow',
      'StartWorkflow:subscriptionWorkflow',
      'POST /api/subscriptions',
    ]);
    expect(chain.at(-1)).toBe(server);
    expect(new Set(chain.map((span) => span.spanContext().traceId))).toEqual(new Set([traceId]));

    // The request's log line carries its trace and span next to the request id.
    const logLine = api.logs().find((line) => line.msg === 'request' && line.requestId === requestId);
    expect(logLine).toMatchObject({ traceId, spanId: server.spanContext().spanId, route: '/api/subscriptions' });
  }, 60_000);
});

/**
 * From a pg query span of the trace up to the API's HTTP server span, parent by parent; undefined until every link
 * has been exported. The walk starts at a query span run by an activity (the test's own HTTP client span, above the
 * server span, is not part of the chain).
 */
function sqlChainOf(spans: readonly ReadableSpan[], traceId: string): ReadableSpan[] | undefined {
  const ofTrace = spans.filter((span) => span.spanContext().traceId === traceId);
  const byId = new Map(ofTrace.map((span) => [span.spanContext().spanId, span]));
  for (const query of ofTrace.filter((span) => span.name.startsWith('pg.query'))) {
    const chain = [query];
    let parentId = query.parentSpanId;
    while (parentId !== undefined && chain.at(-1)?.kind !== SpanKind.SERVER) {
      const parent = byId.get(parentId);
      if (parent === undefined) break;
      chain.push(parent);
      parentId = parent.parentSpanId;
    }
    if (chain[1]?.name.startsWith('RunActivity:') === true && chain.at(-1)?.kind === SpanKind.SERVER) return chain;
  }
  return undefined;
}
