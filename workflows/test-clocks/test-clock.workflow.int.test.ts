import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import { createWallet } from '../../services/billing/wallets';
import { attachCustomerToClock, beginTestClockAdvance, createTestClock } from '../../services/catalog/test-clocks';
import { insertCustomerRow } from '../../test/fixtures/customer-rows';
import { createWalletScenario, daysAfter, TEN_CREDITS } from '../../test/scenarios/wallet-scenario';
import {
  scenarioWorker,
  useScenarioSuite,
  waitFor,
  type Scenario,
  type SubscriptionSpec,
} from '../../test/scenarios/subscription-scenario';
import { testClockWorkflowId } from '../shared/workflow-ids';
import { cancelSubscriptionUpdate } from '../subscriptions/messages';
import { advanceTestClockSignal, TEST_CLOCK_WORKFLOW_TYPE } from './messages';

/**
 * A test clock's advance, end to end: the clock workflow, the subscription workflows of its customers on their
 * clock's time, the real activities and PostgreSQL. Nothing here waits on a timer: a clock's participants wait on
 * the signalled time, so the server's own clock stays where it is.
 */

const CLOCK_START = new Date('2026-01-31T00:00:00.000Z');
const iso = (text: string): string => new Date(text).toISOString();

describe('testClockWorkflow (real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  let orm: Orm;
  let tenantId: string;
  let wallets: ReturnType<typeof createWalletScenario>;
  const clockWorkflows: string[] = [];
  beforeAll(() => {
    ({ env, scenario, orm, tenantId } = suite);
    wallets = createWalletScenario(suite);
  });
  afterEach(() => wallets.terminateRunning());
  afterEach(async () => {
    for (const workflowId of clockWorkflows.splice(0)) {
      const handle = env.client.workflow.getHandle(workflowId);
      if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('test over');
    }
  });

  const store = () => tenantSql(orm, tenantId);

  async function newClock(frozenTime = CLOCK_START): Promise<string> {
    return (await createTestClock(store(), { name: 'renewals', frozenTime })).id;
  }

  async function clockCustomer(clockId: string, netPaymentTerms: number | null = null): Promise<string> {
    const customerId = await insertCustomerRow(scenario.sql, { timezone: 'UTC', netPaymentTerms });
    await store().transactional(async (transaction) => {
      await attachCustomerToClock(store(), transaction, clockId);
      await scenario.sql('update $schema.customers set test_clock_id = ? where id = ?', [clockId, customerId]);
    });
    return customerId;
  }

  /** What the API's advance does: the row ADVANCING at the new time, then signalWithStart of the clock's workflow. */
  async function advance(clockId: string, taskQueue: string, frozenTime: string): Promise<void> {
    await store().transactional((transaction) =>
      beginTestClockAdvance(store(), transaction, { clockId, frozenTime: new Date(frozenTime) }),
    );
    const workflowId = testClockWorkflowId(tenantId, clockId);
    if (!clockWorkflows.includes(workflowId)) clockWorkflows.push(workflowId);
    await env.client.workflow.signalWithStart(TEST_CLOCK_WORKFLOW_TYPE, {
      workflowId,
      taskQueue,
      args: [{ tenantId, clockId }],
      signal: advanceTestClockSignal,
      signalArgs: [{ frozenTime: iso(frozenTime) }],
    });
  }

  async function clockRow(clockId: string) {
    const [row] = await scenario.sql<{ status: string; frozen_time: Date }>(
      'select status, frozen_time from $schema.test_clocks where id = ?',
      [clockId],
    );
    if (row === undefined) throw new Error(`no clock ${clockId}`);
    return row;
  }

  const untilReady = (clockId: string, timeoutMs = 60_000) =>
    waitFor(
      () => clockRow(clockId),
      (row) => row.status === 'READY',
      timeoutMs,
    );

  async function readyEvents(clockId: string) {
    return scenario.sql<{ occurred_at: Date; data: Record<string, unknown> }>(
      `select occurred_at, data from $schema.webhook_events
        where event_type = 'test_clock.ready' and data->>'id' = ? order by occurred_at`,
      [clockId],
    );
  }

  async function issuedInvoices(subscriptionId: string) {
    const rows = await scenario.sql<{ period_start: Date; created_at: Date; issued_at: Date | null; total: string }>(
      `select l.period_start, i.created_at, i.issued_at, i.total_minor::text as total
         from $schema.invoices i join $schema.invoice_lines l on l.invoice_id = i.id and l.position = 0
        where i.subscription_id = ? order by l.period_start`,
      [subscriptionId],
    );
    return rows.map((row) => ({
      periodStart: new Date(row.period_start).toISOString(),
      createdAt: new Date(row.created_at).toISOString(),
      issuedAt: row.issued_at === null ? null : new Date(row.issued_at).toISOString(),
      total: row.total,
    }));
  }

  async function subscriptionOnClock(clockId: string, spec: Omit<SubscriptionSpec, 'customerId' | 'planId'>) {
    const customerId = await clockCustomer(clockId);
    const planId = await scenario.createPlan({ name: 'Monthly', amountMinor: 3000n });
    const subscriptionId = await scenario.insertSubscription({ customerId, planId, ...spec });
    return { customerId, subscriptionId };
  }

  test('a monthly subscription advanced a year in one advance has 13 invoices, each dated on the clock', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    const { customerId, subscriptionId } = await subscriptionOnClock(clockId, {
      status: 'ACTIVE',
      periodStart: CLOCK_START,
      periodEnd: new Date('2026-02-28T00:00:00.000Z'),
    });
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const opened = await waitFor(
        () => issuedInvoices(subscriptionId),
        (list) => list.length === 1,
      );
      expect(opened[0]?.createdAt).toBe(CLOCK_START.toISOString());

      await advance(clockId, taskQueue, '2027-01-31T00:00:00.000Z');
      expect((await untilReady(clockId)).status).toBe('READY');

      const anchors = [
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
        '2026-07-31',
        '2026-08-31',
        '2026-09-30',
        '2026-10-31',
        '2026-11-30',
        '2026-12-31',
        '2027-01-31',
      ].map((day) => iso(`${day}T00:00:00.000Z`));
      const invoices = await issuedInvoices(subscriptionId);
      expect(invoices.map((invoice) => invoice.periodStart)).toEqual(anchors);
      // Issued on the clock, each at its period's start: as the wall clock would have done it.
      expect(invoices.map((invoice) => invoice.createdAt)).toEqual(anchors);
      expect(invoices.map((invoice) => invoice.issuedAt)).toEqual(anchors);
      expect(new Set(invoices.map((invoice) => invoice.total))).toEqual(new Set(['3000']));
      const row = await scenario.subscription(subscriptionId);
      expect([row.current_period_start, row.current_period_end]).toEqual([
        iso('2027-01-31T00:00:00Z'),
        iso('2027-02-28T00:00:00Z'),
      ]);
      const ready = await readyEvents(clockId);
      expect(ready.map((event) => event.data)).toEqual([
        expect.objectContaining({ id: clockId, status: 'READY', frozenTime: iso('2027-01-31T00:00:00Z') }),
      ]);
      expect(new Date(ready[0]?.occurred_at ?? 0).toISOString()).toBe(iso('2027-01-31T00:00:00Z'));
    });
  });

  test('two customers on one clock: each subscription keeps its own calendar, and the clock waits for both', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    const first = await subscriptionOnClock(clockId, {
      status: 'ACTIVE',
      periodStart: CLOCK_START,
      periodEnd: new Date('2026-02-28T00:00:00.000Z'),
    });
    const second = await subscriptionOnClock(clockId, {
      status: 'ACTIVE',
      periodStart: new Date('2026-01-10T00:00:00.000Z'),
      periodEnd: new Date('2026-02-10T00:00:00.000Z'),
    });
    await worker.runUntil(async () => {
      for (const { subscriptionId, customerId } of [first, second]) {
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      }
      await advance(clockId, taskQueue, '2026-04-15T00:00:00.000Z');
      await untilReady(clockId);
      const dates = async (subscriptionId: string) =>
        (await issuedInvoices(subscriptionId)).map((invoice) => invoice.createdAt);
      expect(await dates(first.subscriptionId)).toEqual(
        ['2026-01-31', '2026-02-28', '2026-03-31'].map((day) => iso(`${day}T00:00:00Z`)),
      );
      // Both workflows loaded after the advance had begun: still, each invoice is dated at its period's start.
      expect(await dates(second.subscriptionId)).toEqual(
        ['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10'].map((day) => iso(`${day}T00:00:00Z`)),
      );
    });
  });

  test('a clock with nothing to run becomes READY within a second of its advance', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    await worker.runUntil(async () => {
      const started = Date.now();
      await advance(clockId, taskQueue, '2026-03-01T00:00:00.000Z');
      const row = await untilReady(clockId, 5_000);
      expect(row.status).toBe('READY');
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await readyEvents(clockId)).toHaveLength(1);
    });
  });

  test('two advances in a row: each renews what fell due in it, and each ends READY with its own event', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    const { customerId, subscriptionId } = await subscriptionOnClock(clockId, {
      status: 'ACTIVE',
      periodStart: CLOCK_START,
      periodEnd: new Date('2026-02-28T00:00:00.000Z'),
    });
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await waitFor(
        () => issuedInvoices(subscriptionId),
        (list) => list.length === 1,
      );
      await advance(clockId, taskQueue, '2026-03-15T00:00:00.000Z');
      // The API's retry of an advance while ADVANCING sends the same time again: one advance, not two.
      await env.client.workflow
        .getHandle(testClockWorkflowId(tenantId, clockId))
        .signal(advanceTestClockSignal, { frozenTime: iso('2026-03-15T00:00:00.000Z') });
      await untilReady(clockId);
      expect((await issuedInvoices(subscriptionId)).map((invoice) => invoice.createdAt)).toEqual(
        ['2026-01-31', '2026-02-28'].map((day) => iso(`${day}T00:00:00Z`)),
      );
      await advance(clockId, taskQueue, '2026-04-10T00:00:00.000Z');
      await untilReady(clockId);
      expect((await issuedInvoices(subscriptionId)).map((invoice) => invoice.createdAt)).toEqual(
        ['2026-01-31', '2026-02-28', '2026-03-31'].map((day) => iso(`${day}T00:00:00Z`)),
      );
      expect((await readyEvents(clockId)).map((event) => event.data.frozenTime)).toEqual([
        iso('2026-03-15T00:00:00Z'),
        iso('2026-04-10T00:00:00Z'),
      ]);
    });
  });

  test('a trial converts at its end on the clock: the first paid period is invoiced at the trial end', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    const trialEnd = new Date('2026-02-14T00:00:00.000Z');
    const { customerId, subscriptionId } = await subscriptionOnClock(clockId, {
      status: 'TRIALING',
      periodStart: CLOCK_START,
      periodEnd: trialEnd,
    });
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await advance(clockId, taskQueue, '2026-02-10T00:00:00.000Z');
      await untilReady(clockId);
      expect((await scenario.subscription(subscriptionId)).status).toBe('TRIALING');
      expect(await issuedInvoices(subscriptionId)).toEqual([]);

      await advance(clockId, taskQueue, '2026-02-20T00:00:00.000Z');
      await untilReady(clockId);
      const row = await scenario.subscription(subscriptionId);
      expect(row.status).toBe('ACTIVE');
      expect([row.current_period_start, row.current_period_end]).toEqual([
        trialEnd.toISOString(),
        iso('2026-03-14T00:00:00Z'),
      ]);
      expect((await issuedInvoices(subscriptionId)).map((invoice) => [invoice.periodStart, invoice.createdAt])).toEqual(
        [[trialEnd.toISOString(), trialEnd.toISOString()]],
      );
    });
  });

  test('a cancellation at period end happens at the period end on the clock, and the clock still becomes READY', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    const periodEnd = new Date('2026-02-28T00:00:00.000Z');
    const { customerId, subscriptionId } = await subscriptionOnClock(clockId, {
      status: 'ACTIVE',
      periodStart: CLOCK_START,
      periodEnd,
    });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'period_end' }] });
      await advance(clockId, taskQueue, '2026-04-15T00:00:00.000Z');
      await untilReady(clockId);
      const row = await scenario.subscription(subscriptionId);
      expect(row.status).toBe('CANCELED');
      expect(row.canceled_at).toBe(periodEnd.toISOString());
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
      expect((await issuedInvoices(subscriptionId)).map((invoice) => invoice.createdAt)).toEqual([
        CLOCK_START.toISOString(),
      ]);
      // The next advance finds the subscription's workflow completed: nothing to wait for.
      await advance(clockId, taskQueue, '2026-05-15T00:00:00.000Z');
      expect((await untilReady(clockId)).status).toBe('READY');
    });
  });

  test('a wallet on a clock tops up at each INTERVAL firing and expires at its expiry, on the clock', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    const customerId = await clockCustomer(clockId);
    const expiry = daysAfter(CLOCK_START, 30);
    const weekly = {
      trigger: 'INTERVAL' as const,
      interval: 'WEEKLY' as const,
      thresholdCredits: null,
      method: 'FIXED' as const,
      paidCredits: null,
      grantedCredits: 500_000n,
      targetCredits: null,
    };
    const created = await createWallet(store(), {
      customerId,
      name: null,
      rate: { unscaled: 1n, scale: 0 },
      grantedCredits: TEN_CREDITS,
      expirationAt: expiry,
      invoiceRequiresSuccessfulPayment: false,
      lowBalanceThresholdCredits: null,
      recurringTopUps: [weekly],
      now: CLOCK_START,
    });
    const walletId = created.wallet.id;
    await worker.runUntil(async () => {
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { nextTopUpAt: daysAfter(CLOCK_START, 7).toISOString() });

      await advance(clockId, taskQueue, daysAfter(CLOCK_START, 20).toISOString());
      await untilReady(clockId);
      expect(await wallets.topUps(walletId)).toEqual(['INTERVAL:WEEKLY:1', 'INTERVAL:WEEKLY:2']);
      expect((await wallets.wallet(walletId)).status).toBe('ACTIVE');

      await advance(clockId, taskQueue, daysAfter(CLOCK_START, 40).toISOString());
      await untilReady(clockId);
      expect(await wallets.topUps(walletId)).toEqual([
        'INTERVAL:WEEKLY:1',
        'INTERVAL:WEEKLY:2',
        'INTERVAL:WEEKLY:3',
        'INTERVAL:WEEKLY:4',
      ]);
      const row = await wallets.wallet(walletId);
      expect(row.status).toBe('TERMINATED');
      expect(row.terminated_at?.toISOString()).toBe(expiry.toISOString());
      expect(await wallets.outcome(walletId)).toBe('expired');
    });
  });

  test('unpaid invoices are dunned on the clock: the clock is READY once their ladders wrote them off', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const clockId = await newClock();
    // Invoices due 5 days after issue, written off 10 days after the due date; no reminders (no mail in this test).
    await scenario.setTenantSettings({
      netPaymentTerms: 730,
      dunning: { reminderDays: [], uncollectibleAfterDays: 10, cancelSubscription: false },
    });
    try {
      const customerId = await clockCustomer(clockId, 5);
      const planId = await scenario.createPlan({ name: 'Monthly', amountMinor: 3000n });
      const subscriptionId = await scenario.insertSubscription({
        customerId,
        planId,
        status: 'ACTIVE',
        periodStart: CLOCK_START,
        periodEnd: new Date('2026-02-28T00:00:00.000Z'),
      });
      await worker.runUntil(async () => {
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        await waitFor(
          () => issuedInvoices(subscriptionId),
          (list) => list.length === 1,
        );
        await advance(clockId, taskQueue, '2026-04-20T00:00:00.000Z');
        await untilReady(clockId);
        // Read once READY, not polled: the clock waited for the ladders the advance started.
        const invoices = await scenario.sql<{ status: string; due_date: Date }>(
          `select status, due_date from $schema.invoices where subscription_id = ? order by created_at`,
          [subscriptionId],
        );
        expect(invoices.map((invoice) => [invoice.status, new Date(invoice.due_date).toISOString()])).toEqual([
          ['UNCOLLECTIBLE', iso('2026-02-05T00:00:00Z')],
          ['UNCOLLECTIBLE', iso('2026-03-05T00:00:00Z')],
          ['UNCOLLECTIBLE', iso('2026-04-05T00:00:00Z')],
        ]);
        const row = await waitFor(
          () => scenario.subscription(subscriptionId),
          (subscription) => subscription.status === 'PAST_DUE',
        );
        expect(row.status).toBe('PAST_DUE');
      });
    } finally {
      await scenario.setTenantSettings({ netPaymentTerms: 730 });
    }
  });
});
