import { callApi, type Json } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../test/harness/temporal-env';
import { parseExposition, sampleSum, declaredFamilies, type Sample } from '../../test/checks/prometheus-text';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { createUsageEventFixture, type UsageEventFixture } from '../../test/fixtures/usage-event-fixture';
import { createCustomerThroughApi } from '../../test/fixtures/resource-test';

const TOKEN = 'scrape-token-for-the-api-metrics-test';
const LOGIN_LIMIT = 2;
let sequence = 0;

describe('GET /metrics on the API (real app, real HTTP, parsed exposition)', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let fixture: UsageEventFixture;

  beforeAll(async () => {
    api = await startTestApi({
      env: {
        METRICS_TOKEN: TOKEN,
        RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT),
        TEMPORAL_TASK_QUEUE: uniqueTaskQueue('api-metrics'),
      },
    });
    tenant = await createTenantFixture(api.orm, api.config);
    fixture = await createUsageEventFixture(api, tenant);
  });
  afterAll(() => api.close());

  const scrape = async (): Promise<Sample[]> => {
    const reply = await callApi(`${api.url}/metrics`, { token: TOKEN });
    expect(reply.status).toBe(200);
    return parseExposition(reply.text);
  };
  /** What `work` added to the sum of the series named `name` with these labels. */
  const increase = async (name: string, labels: Record<string, string>, work: () => Promise<unknown>) => {
    const before = sampleSum(await scrape(), name, labels);
    await work();
    return sampleSum(await scrape(), name, labels) - before;
  };
  const call = (method: string, path: string, body?: Json, headers?: Record<string, string>) =>
    fixture.call(method, path, { body, headers });

  it('refuses a scrape without the token or with another one: 401 in the error body, with a Bearer challenge', async () => {
    for (const token of [undefined, 'not-the-scrape-token-at-all', tenant.apiKey]) {
      const reply = await callApi(`${api.url}/metrics`, { token });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(reply.body).toMatchObject({ statusCode: 401, error: 'invalid_credentials' });
    }
  });

  it('serves the text format with the process metrics and every API family, named by convention', async () => {
    const reply = await callApi(`${api.url}/metrics`, { token: TOKEN });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const families = declaredFamilies(reply.text);
    expect(Object.fromEntries([...families].filter(([name]) => name.startsWith('billing_')))).toEqual({
      billing_http_requests_total: 'counter',
      billing_http_request_duration_seconds: 'histogram',
      billing_api_rate_limit_refusals_total: 'counter',
      billing_api_idempotent_replays_total: 'counter',
      billing_invoices_finalized_total: 'counter',
      billing_payments_total: 'counter',
      billing_webhook_attempts_total: 'counter',
      billing_usage_events_ingested_total: 'counter',
    });
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(families.has(name)).toBe(true);
    }
  });

  it('counts and times requests by route template and status, unmatched paths under one label', async () => {
    const customerId = await createCustomerThroughApi(fixture.call);
    const route = { method: 'GET', route: '/api/customers/:id', status: '200' };
    expect(await increase('billing_http_requests_total', route, () => call('GET', `/customers/${customerId}`))).toBe(1);
    const timed = await increase('billing_http_request_duration_seconds_count', route, () =>
      call('GET', `/customers/${customerId}`),
    );
    expect(timed).toBe(1);
    const unmatched = { route: 'unmatched', status: '404' };
    const probes = () =>
      Promise.all([`/nothing-${++sequence}`, `/api/nothing/${++sequence}`].map((path) => callApi(`${api.url}${path}`)));
    expect(await increase('billing_http_requests_total', unmatched, probes)).toBe(2);
    const samples = await scrape();
    expect(samples.some((sample) => sample.labels.route?.includes('nothing') === true)).toBe(false);
    const buckets = samples.filter(
      (sample) => sample.name === 'billing_http_request_duration_seconds_bucket' && sample.labels.route === route.route,
    );
    expect(buckets.map((sample) => sample.labels.le)).toContain('0.02');
    expect(buckets.find((sample) => sample.labels.le === '+Inf')?.value).toBeGreaterThanOrEqual(1);
  });

  it('counts idempotent replays by route', async () => {
    const body = { externalId: `metrics-${++sequence}`, email: `metrics-${sequence}@example.com`, currency: 'USD' };
    const headers = { 'Idempotency-Key': `metrics-key-${Date.now()}-${sequence}` };
    const replays = await increase('billing_api_idempotent_replays_total', { route: '/api/customers' }, async () => {
      expect((await call('POST', '/customers', body, headers)).status).toBe(201);
      const replay = await call('POST', '/customers', body, headers);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    });
    expect(replays).toBe(1);
  });

  it('counts rate-limit refusals by route', async () => {
    const login = () =>
      callApi(`${api.url}/api/auth/login`, {
        method: 'POST',
        body: { email: `nobody-${sequence}@example.com`, password: 'wrong-password' },
      });
    sequence += 1;
    const refusals = await increase('billing_api_rate_limit_refusals_total', { route: '/api/auth/login' }, async () => {
      const statuses = [];
      for (let attempt = 0; attempt <= LOGIN_LIMIT; attempt += 1) statuses.push((await login()).status);
      expect(statuses.at(-1)).toBe(429);
    });
    expect(refusals).toBe(1);
  });

  it('counts usage events ingested, stored and duplicate', async () => {
    const subscription = await fixture.subscribe();
    const event = {
      transactionId: `metrics-tx-${Date.now()}-${++sequence}`,
      subscriptionId: subscription.id,
      code: 'api_calls',
    };
    const before = await scrape();
    expect((await call('POST', '/events', event)).status).toBe(201);
    expect((await call('POST', '/events', event)).status).toBe(200);
    const after = await scrape();
    const added = (result: string) =>
      sampleSum(after, 'billing_usage_events_ingested_total', { result }) -
      sampleSum(before, 'billing_usage_events_ingested_total', { result });
    expect([added('stored'), added('duplicate')]).toEqual([1, 1]);
  });

  it('counts an invoice finalized and its MANUAL payment through the routes', async () => {
    const customerId = await createCustomerThroughApi(fixture.call);
    const draft = await call('POST', '/invoices', {
      customerId,
      items: [{ description: 'Workshop', quantity: 1, unitAmount: 150 }],
    });
    expect(draft.status).toBe(201);
    const invoiceId = String(draft.body.id);
    const finalized = await increase('billing_invoices_finalized_total', {}, async () => {
      expect((await call('POST', `/invoices/${invoiceId}/finalize`)).status).toBe(200);
    });
    expect(finalized).toBe(1);
    const manual = { provider: 'manual', outcome: 'succeeded' };
    const paid = await increase('billing_payments_total', manual, async () => {
      expect((await call('POST', `/invoices/${invoiceId}/mark-paid`)).status).toBe(200);
    });
    expect(paid).toBe(1);
  });
});
