import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tenantSql } from '../../infra/db/tenant-sql';
import { apiClient } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { deliverNotification } from '../../test/fakes/fake-provider';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake';
import {
  configureProvider,
  openInvoice,
  recordedEvents,
  STRIPE_TEST_CREDENTIALS,
} from '../../test/fixtures/provider-payment-fixture';
import { uniqueTaskQueue } from '../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { waitForValue } from '../../test/harness/wait-for';
import { spawnWorkerProcess } from '../../test/harness/worker-process';
import { ownDatabase } from '../../test/harness/own-database';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * The worker process is killed (SIGKILL) after the provider's notification reached the payment workflow and while the
 * settlement waits on the invoice row, then a new worker process takes over. The lost activity is retried after its
 * start-to-close timeout and the settlement, idempotent in PostgreSQL, pays the invoice exactly once.
 */
describe('a worker process killed between a payment notification and the invoice update', () => {
  const taskQueue = uniqueTaskQueue('payment-kill');
  let api: TestApi;
  let stripe: StripeFake;
  let tenant: TenantFixture;
  const workers: ChildProcess[] = [];
  const env = { TEMPORAL_TASK_QUEUE: taskQueue, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };

  beforeAll(async () => {
    api = await startTestApi({ env: { ...database.env(), ...env } });
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await stripe.close();
    await api.close();
  });

  const startWorker = async (): Promise<ChildProcess> => {
    const { child, running } = spawnWorkerProcess({ ...database.env(), ...env, API_PUBLIC_URL: api.url });
    workers.push(child);
    await running;
    return child;
  };

  test('the invoice is paid once', async () => {
    const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
    let worker = await startWorker();
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    const invoice = await openInvoice(call, { currency: 'USD', amount: 25 });
    const checkout = await call('POST', `/invoices/${String(invoice.id)}/checkout`, { body: {} });
    expect(checkout.status).toBe(201);
    const paymentId = String(checkout.body.id);

    // Hold the invoice row: the settlement's `for update` of it will wait inside its transaction.
    const sql = tenantSql(api.orm, tenant.tenantId);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = sql.transactional(async (transaction) => {
      await sql.query(
        `select id from ${sql.table('invoices')} where id = ? for update`,
        [String(invoice.id)],
        transaction,
      );
      locked();
      await released;
    });
    await isLocked;

    stripe.completePayment(paymentId);
    const delivered = await deliverNotification(stripe.paymentNotification(paymentId, api.url));
    expect(delivered.statusCode).toBe(200);
    await waitForValue(
      'the settlement to wait on the invoice row',
      async () => {
        const [row] = await sql.query<{ waiting: string }>(
          `select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%invoices%for update%'`,
        );
        return Number(row?.waiting ?? 0) > 0 ? true : undefined;
      },
      45_000,
    );

    worker.kill('SIGKILL');
    await once(worker, 'exit');
    const killedAt = Date.now();
    release();
    await holder;
    const payment = () => call('GET', `/payments/${paymentId}`);
    expect((await payment()).body.status).toBe('PENDING');

    worker = await startWorker();
    await waitForValue(
      'the retried settlement',
      async () => ((await payment()).body.status === 'SUCCEEDED' ? true : undefined),
      150_000,
    );
    // Give a second application every chance to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'PAID',
      amountPaid: 25,
      amountDue: 0,
    });
    const events = await recordedEvents(api.orm, tenant.tenantId);
    expect(events.filter((event) => event === `payment.succeeded:${paymentId}`)).toHaveLength(1);
    expect(events.filter((event) => event === `invoice.paid:${String(invoice.id)}`)).toHaveLength(1);
    // The retry waited for the lost attempt's start-to-close timeout: proof the killed worker really was gone.
    expect(Date.now() - killedAt).toBeGreaterThan(50_000);
    worker.kill('SIGTERM');
    await once(worker, 'exit');
  }, 240_000);
});
