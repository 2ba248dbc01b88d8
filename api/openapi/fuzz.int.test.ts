import type { ChildProcess } from 'node:child_process';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { apiClient } from '../../test/harness/api-client';
import { fuzzSettings, runSchemathesis } from '../../test/fuzz/schemathesis';
import { registerTenant, RELAXED_RATE_LIMITS } from '../../test/fixtures/register-tenant';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/fakes/smtp-server';
import { uniqueTaskQueue } from '../../test/harness/temporal-env';
import { spawnWorkerProcess } from '../../test/harness/worker-process';
import { ownDatabase } from '../../test/harness/own-database';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * schemathesis generates requests from the served OpenAPI document, valid and invalid, and checks every answer: no
 * 5xx, every response in its declared schema, status and headers, valid requests accepted, invalid ones refused,
 * 405 with Allow for undeclared methods, auth enforced. Zero failures means the document tells the truth.
 */
describe('the API under schemathesis', () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  let worker: ChildProcess;
  let apiKey: string;
  let accessToken: string;

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
      ...fuzzSettings(),
    });
    // The report names each failure with a curl command that reproduces it.
    if (run.exitCode !== 0) throw new Error(`schemathesis exited with ${String(run.exitCode)}:\n${run.output}`);
  }, 900_000);
});
