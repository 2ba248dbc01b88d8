import type { ChildProcess } from 'node:child_process';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { apiClient, type ApiCall, type Json } from '../../test/harness/api-client';
import { fuzzSettings, runSchemathesis, type MeteredTarget } from '../../test/fuzz/schemathesis';
import { registerTenant, RELAXED_RATE_LIMITS } from '../../test/fixtures/register-tenant';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/fakes/smtp-server';
import { uniqueTaskQueue } from '../../test/harness/temporal-env';
import { spawnWorkerProcess } from '../../test/harness/worker-process';
import { ownDatabase } from '../../test/harness/own-database';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * A metric for each aggregation that reads a number, each priced by another charge model, some at the money maximum:
 * a large value then prices beyond it, which the usage answers 409 `usage_out_of_range` and the billing refuses.
 */
const METERED_CHARGES: { metric: Json & { code: string; fieldName: string }; charge: Json }[] = [
  {
    metric: { name: 'Fuzz storage', code: 'fuzz_storage_gb', aggregationType: 'SUM', fieldName: 'gb' },
    charge: { chargeModel: 'STANDARD', amount: 1, minAmount: 5 },
  },
  {
    metric: { name: 'Fuzz CPU peak', code: 'fuzz_cpu_peak', aggregationType: 'MAX', fieldName: 'cpu' },
    charge: {
      chargeModel: 'GRADUATED',
      graduatedRanges: [
        { fromValue: 0, toValue: 1000, perUnitAmount: 0.000001, flatAmount: 0 },
        { fromValue: 1000, toValue: null, perUnitAmount: 99_999_999_999.99, flatAmount: 1 },
      ],
    },
  },
  {
    metric: { name: 'Fuzz level', code: 'fuzz_level', aggregationType: 'LATEST', fieldName: 'level' },
    charge: { chargeModel: 'PACKAGE', amount: 99_999_999_999.99, packageSize: 1_000_000_000_000, freeUnits: 0 },
  },
  {
    metric: { name: 'Fuzz GB-hours', code: 'fuzz_gb_hours', aggregationType: 'WEIGHTED_SUM', fieldName: 'gb' },
    charge: {
      chargeModel: 'VOLUME',
      volumeRanges: [
        { fromValue: 0, toValue: 100, perUnitAmount: 0.5, flatAmount: 0 },
        { fromValue: 100, toValue: null, perUnitAmount: 0.01, flatAmount: 10 },
      ],
    },
  },
];

/**
 * A live subscription to a plan charging for every numeric aggregation, made through the API: the fuzzer's usage
 * events reach ingestion's value checks, the subscription's usage and its workflow with real pricing behind them.
 */
async function createMeteredSubscription(call: ApiCall): Promise<MeteredTarget> {
  const created = async (path: string, body: Json): Promise<string> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${reply.text}`);
    return String(reply.body.id);
  };
  const planId = await created('/plans', {
    name: 'Fuzz metered',
    code: 'fuzz-metered',
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  });
  for (const { metric, charge } of METERED_CHARGES) {
    const billableMetricId = await created('/billable-metrics', metric);
    await created('/charges', { planId, billableMetricId, ...charge });
  }
  const customerId = await created('/customers', {
    externalId: 'fuzz-metered',
    email: 'metered@fuzz.test',
    currency: 'USD',
  });
  const subscriptionId = await created('/subscriptions', { customerId, planId, currency: 'USD' });
  return {
    subscriptionId,
    metrics: METERED_CHARGES.map(({ metric }) => ({ code: metric.code, fieldName: metric.fieldName })),
  };
}

/**
 * schemathesis generates requests from the served OpenAPI document, valid and invalid, and checks every answer: no
 * 5xx, every response in its declared schema, status and headers, valid requests accepted, invalid ones refused,
 * 405 with Allow for undeclared methods, auth enforced. Zero failures means the document tells the truth. The
 * hooks (test/fuzz/schemathesis_hooks.py) also send large and extreme numbers, some as usage of a live metered
 * subscription, and check that none is a 5xx, that each 400 names its field and that no event value beyond the
 * documented bounds is taken.
 */
describe('the API under schemathesis', () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  let worker: ChildProcess;
  let apiKey: string;
  let accessToken: string;
  let metered: MeteredTarget;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // Its subscriptions' workflows run on a worker of their own, which answers their lifecycle changes.
    const taskQueue = uniqueTaskQueue('fuzz');
    const workerProcess = spawnWorkerProcess({
      ...database.env(),
      TEMPORAL_TASK_QUEUE: taskQueue,
      SMTP_ALLOW_INSECURE_AUTH: 'true',
    });
    worker = workerProcess.child;
    api = await startTestApi({
      env: {
        ...database.env(),
        ...RELAXED_RATE_LIMITS,
        RATE_LIMIT_PER_MINUTE: '100000000',
        TEMPORAL_TASK_QUEUE: taskQueue,
        SMTP_ALLOW_INSECURE_AUTH: 'true',
      },
    });
    await workerProcess.running;
    const registration = await registerTenant(api);
    apiKey = registration.apiKey;
    accessToken = registration.accessToken;
    // The SMTP test then has a server to talk to, as a configured tenant's would.
    const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: accessToken }));
    const smtpSettings = { host: '127.0.0.1', port: smtp.port, secure: false, from: 'billing@fuzz.test' };
    expect((await call('PATCH', '/tenants/me', { body: { smtp: smtpSettings } })).status).toBe(200);
    metered = await createMeteredSubscription(apiClient(() => ({ baseUrl: `${api.url}/api`, token: apiKey })));
  });
  afterAll(async () => {
    worker.kill('SIGTERM');
    await api.close();
    await smtp.close();
  });

  it('finds no failure in any operation', async () => {
    const run = await runSchemathesis({
      schemaUrl: `${api.url}/api/openapi.json`,
      apiKey,
      accessToken,
      metered,
      ...fuzzSettings(),
    });
    // The report names each failure with a curl command that reproduces it.
    if (run.exitCode !== 0) throw new Error(`schemathesis exited with ${String(run.exitCode)}:\n${run.output}`);
  }, 900_000);
});
