import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { DateTime } from 'luxon';
import type { Transaction } from '@mikro-orm/core';
import { quoteIdentifier } from '../infra/db/sql-identifier';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { startTestApi, type TestApi } from '../test/harness/api-harness';
import { uniqueTaskQueue } from '../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../test/fixtures/tenant-fixture';
import { waitForValue } from '../test/harness/wait-for';
import { spawnWorkerProcess } from '../test/harness/worker-process';
import { subscriptionTestClient } from '../test/fixtures/subscription-test-client';
import { ownDatabase } from '../test/harness/own-database';
import { tenantSchemaSql } from '../test/harness/tenant-schema-sql';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * The worker process is killed (SIGKILL: no drain, no goodbye) while a renewal's invoice insert is in flight, then a
 * new worker process takes over. Temporal retries the lost activity once its start-to-close timeout expires, and
 * the idempotency key makes the retry find or make exactly one renewal invoice: none lost, none doubled.
 */
describe('a worker process killed in the middle of a renewal', () => {
  const taskQueue = uniqueTaskQueue('worker-kill');
  let api: TestApi;
  let tenant: TenantFixture;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { ...database.env(), TEMPORAL_TASK_QUEUE: taskQueue } });
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await api.close();
  });

  const startWorkerProcess = (): ChildProcess => {
    const { child } = spawnWorkerProcess({ ...database.env(), TEMPORAL_TASK_QUEUE: taskQueue });
    workers.push(child);
    return child;
  };

  const schema = () => quoteIdentifier(tenantSchemaName(tenant.tenantId));
  const sql = tenantSchemaSql(() => ({ orm: api.orm, tenantId: tenant.tenantId }));
  const invoicesOf = (subscriptionId: string) =>
    sql<{ id: string; period_start: Date }>(
      `select i.id, min(l.period_start) as period_start from $schema.invoices i
         join $schema.invoice_lines l on l.invoice_id = i.id
        where i.subscription_id = ? group by i.id order by 2`,
      [subscriptionId],
    );

  test('no renewal invoice is lost or duplicated', async () => {
    const client = subscriptionTestClient(api, () => tenant);
    const planId = await client.createPlan({ trialDays: 0, billingTiming: 'IN_ADVANCE' });
    const customerId = await client.createCustomer({ timezone: 'UTC' });
    // The first period ends 20 s from now (the customer is on UTC), so the renewal happens during the test.
    const startDate = DateTime.utc().plus({ seconds: 20 }).minus({ months: 1 }).toISO();
    let worker = startWorkerProcess();
    const created = await client.subscribe({ customerId, planId, startDate });
    expect(created.status).toBe(201);
    const subscriptionId = String(created.body.id);
    await waitForValue(
      'the first period invoice',
      async () => ((await invoicesOf(subscriptionId)).length === 1 ? true : undefined),
      30_000,
    );

    // Hold a lock that every invoice insert waits for; the renewal's insert will hang inside its transaction.
    const connection = api.orm.em.getConnection();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = connection.transactional(async (transaction: Transaction) => {
      await connection.execute(`lock table ${schema()}.invoices in share row exclusive mode`, [], 'run', transaction);
      locked();
      await released;
    });
    await isLocked;
    await waitForValue(
      'the renewal insert to block on the lock',
      async () => {
        const [row] = await sql<{ waiting: string }>(
          `select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into%invoices%'`,
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
    expect(await invoicesOf(subscriptionId)).toHaveLength(1);

    worker = startWorkerProcess();
    // The lost attempt is retried after the activity's start-to-close timeout (1 minute).
    const invoices = await waitForValue(
      'the renewal invoice',
      async () => {
        const rows = await invoicesOf(subscriptionId);
        return rows.length >= 2 ? rows : undefined;
      },
      150_000,
    );
    // Give a duplicate every chance to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const settled = await invoicesOf(subscriptionId);
    expect(settled).toHaveLength(2);
    expect(settled.map((row) => row.id)).toEqual(invoices.map((row) => row.id));
    const [first, second] = settled.map((row) => new Date(row.period_start).getTime());
    expect(second).toBeGreaterThan(first ?? 0);
    const renewed = await sql<{ count: string }>(
      `select count(*) as count from $schema.webhook_events
        where event_type = 'subscription.renewed' and data ->> 'id' = ?`,
      [subscriptionId],
    );
    expect(Number(renewed[0]?.count)).toBe(1);
    // The retry waited for the lost attempt's start-to-close timeout: proof the killed worker really was gone.
    expect(Date.now() - killedAt).toBeGreaterThan(50_000);
    worker.kill('SIGTERM');
    await once(worker, 'exit');
  }, 240_000);
});
