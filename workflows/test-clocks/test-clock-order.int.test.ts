import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import { createWallet } from '../../services/billing/wallets';
import { attachCustomerToClock, beginTestClockAdvance, createTestClock } from '../../services/catalog/test-clocks';
import { insertCustomerRow } from '../../test/fixtures/customer-rows';
import { createWalletScenario } from '../../test/scenarios/wallet-scenario';
import { sharedWorkflowBundle } from '../../test/harness/temporal-env';
import { scenarioWorker, useScenarioSuite, waitFor, type Scenario } from '../../test/scenarios/subscription-scenario';
import { dunningWorkflowId, subscriptionWorkflowId, testClockWorkflowId } from '../shared/workflow-ids';
import { advanceTestClockSignal, TEST_CLOCK_WORKFLOW_TYPE } from './messages';

/**
 * An advance runs in time order across the workflows of a clock's customers, as the wall clock would have run them:
 * a wallet's expiry or top-up lands between the right renewals, and a dunning ladder's past-due is applied at its due
 * date and done before the clock is READY. Everything is read once, at READY, never polled afterwards.
 */

const CLOCK_START = new Date('2026-01-31T00:00:00.000Z');
const iso = (text: string): string => new Date(text).toISOString();
/** 30.00 in credits at one credit per unit, in the stored unit (10^-5 credit). */
const THIRTY_CREDITS = 3_000_000n;

describe('testClockWorkflow advances in time order (real activities and database)', () => {
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

  async function clockWithCustomer(netPaymentTerms: number | null = null) {
    const clockId = (await createTestClock(store(), { name: 'order', frozenTime: CLOCK_START })).id;
    const customerId = await insertCustomerRow(scenario.sql, { timezone: 'UTC', netPaymentTerms });
    await store().transactional(async (transaction) => {
      await attachCustomerToClock(store(), transaction, clockId);
      await scenario.sql('update $schema.customers set test_clock_id = ? where id = ?', [clockId, customerId]);
    });
    return { clockId, customerId };
  }

  /** A monthly 30.00 subscription of the customer, its first period from `start` (one month). */
  async function monthlySubscription(customerId: string, start: Date, end: Date): Promise<string> {
    const planId = await scenario.createPlan({ name: 'Monthly', amountMinor: 3000n });
    return scenario.insertSubscription({ customerId, planId, status: 'ACTIVE', periodStart: start, periodEnd: end });
  }

  async function clockWithSubscription(netPaymentTerms: number | null = null) {
    const { clockId, customerId } = await clockWithCustomer(netPaymentTerms);
    const subscriptionId = await monthlySubscription(customerId, CLOCK_START, new Date('2026-02-28T00:00:00.000Z'));
    return { clockId, customerId, subscriptionId };
  }

  /**
   * Runs `run` with invoices written off 10 days after their due date and no reminders (no mail here), cancelling the
   * subscription at the write-off when asked; the tenant's settings are put back after.
   */
  async function withDunning(cancelSubscription: boolean, run: () => Promise<void>): Promise<void> {
    await scenario.setTenantSettings({
      netPaymentTerms: 730,
      dunning: { reminderDays: [], uncollectibleAfterDays: 10, cancelSubscription },
    });
    try {
      await run();
    } finally {
      await scenario.setTenantSettings({ netPaymentTerms: 730 });
    }
  }

  /** When each `eventType` event of the subscription happened, on the clock. */
  async function eventTimes(subscriptionId: string, eventType: string): Promise<string[]> {
    const events = await scenario.sql<{ occurred_at: Date }>(
      `select occurred_at from $schema.webhook_events
        where event_type = ? and data->>'id' = ? order by occurred_at`,
      [eventType, subscriptionId],
    );
    return events.map((event) => new Date(event.occurred_at).toISOString());
  }
  const pastDueTimes = (subscriptionId: string) => eventTimes(subscriptionId, 'subscription.past_due');

  /** What the API's advance does, then waits for READY. */
  async function advanceUntilReady(
    clockId: string,
    taskQueue: string,
    frozenTime: string,
    options: { historyEventLimit?: number } = {},
  ): Promise<{ signaledRunId: string }> {
    await store().transactional((transaction) =>
      beginTestClockAdvance(store(), transaction, { clockId, frozenTime: new Date(frozenTime) }),
    );
    const workflowId = testClockWorkflowId(tenantId, clockId);
    if (!clockWorkflows.includes(workflowId)) clockWorkflows.push(workflowId);
    const handle = await env.client.workflow.signalWithStart(TEST_CLOCK_WORKFLOW_TYPE, {
      workflowId,
      taskQueue,
      args: [{ tenantId, clockId, ...options }],
      signal: advanceTestClockSignal,
      signalArgs: [{ frozenTime: iso(frozenTime) }],
    });
    await waitFor(
      async () =>
        (await scenario.sql<{ status: string }>('select status from $schema.test_clocks where id = ?', [clockId]))[0],
      (row) => row?.status === 'READY',
      120_000,
    );
    return { signaledRunId: handle.signaledRunId };
  }

  /** Each invoice of the subscription: its period start and what wallet credits paid of it (minor units). */
  async function creditsByPeriod(subscriptionId: string): Promise<[string, string][]> {
    const rows = await scenario.sql<{ period_start: Date; prepaid: string }>(
      `select l.period_start, i.prepaid_credit_amount_minor::text as prepaid
         from $schema.invoices i join $schema.invoice_lines l on l.invoice_id = i.id and l.position = 0
        where i.subscription_id = ? order by l.period_start`,
      [subscriptionId],
    );
    return rows.map((row) => [new Date(row.period_start).toISOString().slice(0, 10), row.prepaid]);
  }

  async function newWallet(customerId: string, wallet: Partial<Parameters<typeof createWallet>[1]>, now: Date) {
    const created = await createWallet(store(), {
      customerId,
      name: null,
      rate: { unscaled: 1n, scale: 0 },
      expirationAt: null,
      invoiceRequiresSuccessfulPayment: false,
      lowBalanceThresholdCredits: null,
      now,
      ...wallet,
    });
    return created.wallet.id;
  }

  /**
   * How a workflow's current run talked to others and to its activities: the activities it scheduled through the
   * server, how many ran locally, and how many signals it sent as commands.
   */
  async function historyShape(workflowId: string) {
    const { events } = await env.client.workflow.getHandle(workflowId).fetchHistory();
    const scheduled = (events ?? []).flatMap((event) => {
      const name = event.activityTaskScheduledEventAttributes?.activityType?.name;
      return name == null ? [] : [name];
    });
    const markers = (events ?? []).map((event) => event.markerRecordedEventAttributes?.markerName);
    return {
      scheduled,
      local: markers.filter((name) => name === 'core_local_activity').length,
      patches: markers.filter((name) => name === 'core_patch').length,
      signalCommands: (events ?? []).filter((event) => event.signalExternalWorkflowExecutionInitiatedEventAttributes)
        .length,
    };
  }

  test('unpaid invoices: after a year in one advance, READY finds the subscription PAST_DUE since the first due date', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    await withDunning(false, async () => {
      // Invoices due 5 days after issue: the first (issued at the clock's start) on 2026-02-05.
      const { clockId, customerId, subscriptionId } = await clockWithSubscription(5);
      await worker.runUntil(async () => {
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        await waitFor(
          () => creditsByPeriod(subscriptionId),
          (list) => list.length === 1,
        );
        await advanceUntilReady(clockId, taskQueue, '2027-01-31T00:00:00.000Z');
        expect((await scenario.subscription(subscriptionId)).status).toBe('PAST_DUE');
        expect(await pastDueTimes(subscriptionId)).toEqual([iso('2026-02-05T00:00:00Z')]);
        expect((await creditsByPeriod(subscriptionId)).length).toBe(13);
        // On the clock, the workflows' activities run locally once they know their clock (the subscription's first
        // load tells it; a ladder's starter knew it from the finalize, so even its first read is local), and their
        // signals leave from local activities: no command, no workflow task for its outcome.
        const subscriptionRun = await historyShape(subscriptionWorkflowId(tenantId, subscriptionId));
        expect(subscriptionRun.scheduled.filter((name) => name !== 'loadSubscription')).toEqual([]);
        expect(subscriptionRun.patches).toBeGreaterThan(1);
        expect(subscriptionRun.local).toBeGreaterThan(0);
        expect(subscriptionRun.signalCommands).toBe(0);
        const [firstInvoice] = await scenario.sql<{ id: string }>(
          'select id from $schema.invoices where subscription_id = ? order by issued_at limit 1',
          [subscriptionId],
        );
        const ladder = await historyShape(dunningWorkflowId(tenantId, firstInvoice?.id ?? ''));
        // One patch for every clock path (`test-clock-paths`), not one marker per path.
        expect(ladder).toEqual({ scheduled: [], local: ladder.local, patches: 1, signalCommands: 0 });
        // The first read, the past-due reconciliation at the due date and the write-off, at least.
        expect(ladder.local).toBeGreaterThanOrEqual(3);
        // And the run replays against the code that made it: taking every clock path at once is deterministic.
        const ladderId = dunningWorkflowId(tenantId, firstInvoice?.id ?? '');
        const history = await env.client.workflow.getHandle(ladderId).fetchHistory();
        await Worker.runReplayHistory({ workflowBundle: await sharedWorkflowBundle() }, history, ladderId);
      });
    });
  });

  test('advanced at once after the subscription is made, its first invoice’s ladder still runs at its due date', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    await withDunning(false, async () => {
      const { clockId, customerId, subscriptionId } = await clockWithSubscription(5);
      await worker.runUntil(async () => {
        // No wait for the first invoice: it is issued, and its ladder started, while the advance has begun.
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        await advanceUntilReady(clockId, taskQueue, '2026-02-10T00:00:00.000Z');
        expect(await pastDueTimes(subscriptionId)).toEqual([iso('2026-02-05T00:00:00Z')]);
        // Both new paths (the roll call until none is unknown, the subscription untold) replay deterministically.
        const bundle = { workflowBundle: await sharedWorkflowBundle() };
        for (const workflowId of [
          testClockWorkflowId(tenantId, clockId),
          subscriptionWorkflowId(tenantId, subscriptionId),
        ]) {
          const history = await env.client.workflow.getHandle(workflowId).fetchHistory();
          await Worker.runReplayHistory(bundle, history, workflowId);
        }
      });
    });
  });

  test('a report that arrives while the roll call lists: the work it tells of is listed before the first stop', async () => {
    await withDunning(false, async () => {
      const { clockId, customerId, subscriptionId } = await clockWithSubscription(5);
      const clockWorkflowId = testClockWorkflowId(tenantId, clockId);
      const real = scenario.realActivities();
      let taskQueue = '';
      let listings = 0;
      // The advance's first listing reads the clock's customers before the subscription has issued anything; while
      // it is on its way back, the subscription issues its first invoice (due Feb 5) and reports to the clock.
      const listTestClockParticipants: typeof real.listTestClockParticipants = async (ref) => {
        const listed = await real.listTestClockParticipants(ref);
        listings += 1;
        if (listings > 1) return listed;
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        await waitFor(
          () => reportsOf(clockWorkflowId, subscriptionWorkflowId(tenantId, subscriptionId)),
          (count) => count > 0,
        );
        return listed;
      };
      const started = await scenarioWorker(env, { ...real, listTestClockParticipants });
      taskQueue = started.taskQueue;
      await started.worker.runUntil(async () => {
        await advanceUntilReady(clockId, taskQueue, '2026-02-10T00:00:00.000Z');
        expect(await pastDueTimes(subscriptionId)).toEqual([iso('2026-02-05T00:00:00Z')]);
        expect(listings).toBeGreaterThan(2);
      });
    });
  });

  /** How many reports from `participant` the clock's workflow has received (its current run). */
  async function reportsOf(clockWorkflowId: string, participant: string): Promise<number> {
    const { events } = await env.client.workflow.getHandle(clockWorkflowId).fetchHistory();
    return (events ?? []).filter((event) => {
      const signal = event.workflowExecutionSignaledEventAttributes;
      if (signal?.signalName !== 'testClockParticipantReached') return false;
      const payload = signal.input?.payloads?.[0]?.data;
      return payload != null && Buffer.from(payload).toString('utf8').includes(participant);
    }).length;
  }

  test('a subscription made between advances, its invoice due at once, is past due at the clock’s time', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    await withDunning(false, async () => {
      const { clockId, customerId } = await clockWithCustomer(0);
      await worker.runUntil(async () => {
        await advanceUntilReady(clockId, taskQueue, '2026-02-10T00:00:00.000Z');
        const start = new Date('2026-02-10T00:00:00.000Z');
        const subscriptionId = await monthlySubscription(customerId, start, new Date('2026-03-10T00:00:00.000Z'));
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        await advanceUntilReady(clockId, taskQueue, '2026-02-15T00:00:00.000Z');
        // As the wall clock would have it: due when issued, past due then, not at the advance's end.
        expect(await pastDueTimes(subscriptionId)).toEqual([iso('2026-02-10T00:00:00Z')]);
        expect((await scenario.subscription(subscriptionId)).status).toBe('PAST_DUE');
      });
    });
  });

  test.each([
    ['in one advance', ['2026-04-01T00:00:00.000Z']],
    ['in small advances', ['2026-02-06T00:00:00.000Z', '2026-02-20T00:00:00.000Z', '2026-04-01T00:00:00.000Z']],
  ])('a write-off that cancels the subscription cancels it at the write-off (%s)', async (_how, stops) => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    await withDunning(true, async () => {
      // Due on 2026-02-05, written off 10 days later.
      const { clockId, customerId, subscriptionId } = await clockWithSubscription(5);
      await worker.runUntil(async () => {
        await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        for (const stop of stops) await advanceUntilReady(clockId, taskQueue, stop);
        const subscription = await scenario.subscription(subscriptionId);
        expect(subscription).toMatchObject({ status: 'CANCELED', canceled_at: iso('2026-02-15T00:00:00Z') });
        expect(await eventTimes(subscriptionId, 'subscription.canceled')).toEqual([iso('2026-02-15T00:00:00Z')]);
      });
    });
  });

  test('a clock that continues as new between stops resumes its advance where it stopped', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { clockId, customerId, subscriptionId } = await clockWithSubscription();
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await waitFor(
        () => creditsByPeriod(subscriptionId),
        (list) => list.length === 1,
      );
      // A bound of one event: the clock's workflow continues as new after every stop.
      const options = { historyEventLimit: 1 };
      const { signaledRunId } = await advanceUntilReady(clockId, taskQueue, '2026-05-15T00:00:00.000Z', options);
      expect((await creditsByPeriod(subscriptionId)).map(([periodStart]) => periodStart)).toEqual([
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
      ]);
      const current = await env.client.workflow.getHandle(testClockWorkflowId(tenantId, clockId)).describe();
      expect(current.runId).not.toBe(signaledRunId);
    });
  });

  test('a wallet expiring mid-year: the invoices after its expiry take nothing from it', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { clockId, customerId, subscriptionId } = await clockWithSubscription();
    const expiry = new Date('2026-06-15T00:00:00.000Z');
    const walletId = await newWallet(
      customerId,
      { grantedCredits: 100n * THIRTY_CREDITS, expirationAt: expiry },
      CLOCK_START,
    );
    await worker.runUntil(async () => {
      await wallets.wake(taskQueue, walletId);
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await waitFor(
        () => creditsByPeriod(subscriptionId),
        (list) => list.length === 1,
      );
      await advanceUntilReady(clockId, taskQueue, '2026-09-30T00:00:00.000Z');
      expect(await creditsByPeriod(subscriptionId)).toEqual([
        ['2026-01-31', '3000'],
        ['2026-02-28', '3000'],
        ['2026-03-31', '3000'],
        ['2026-04-30', '3000'],
        ['2026-05-31', '3000'],
        ['2026-06-30', '0'],
        ['2026-07-31', '0'],
        ['2026-08-31', '0'],
        ['2026-09-30', '0'],
      ]);
      const row = await wallets.wallet(walletId);
      expect(row.status).toBe('TERMINATED');
      expect(row.terminated_at?.toISOString()).toBe(expiry.toISOString());
    });
  });

  test.each([
    ['once the wallet’s workflow has read it', true],
    ['advanced at once, while the wallet’s workflow reads it', false],
  ])('an INTERVAL top-up is taken by the first invoice after it, not by one before (%s)', async (_when, settle) => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { clockId, customerId, subscriptionId } = await clockWithSubscription();
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await waitFor(
        () => creditsByPeriod(subscriptionId),
        (list) => list.length === 1,
      );
      // An empty wallet made on Feb 10, topped up by 30 credits each month from then on: Mar 10, Apr 10, May 10.
      const madeAt = '2026-02-10T00:00:00.000Z';
      await advanceUntilReady(clockId, taskQueue, madeAt);
      const monthly = {
        trigger: 'INTERVAL' as const,
        interval: 'MONTHLY' as const,
        thresholdCredits: null,
        method: 'FIXED' as const,
        paidCredits: null,
        grantedCredits: THIRTY_CREDITS,
        targetCredits: null,
      };
      const walletId = await newWallet(customerId, { recurringTopUps: [monthly] }, new Date(madeAt));
      await wallets.wake(taskQueue, walletId);
      if (settle) await wallets.workflowSees(walletId, { nextTopUpAt: iso('2026-03-10T00:00:00Z') });

      await advanceUntilReady(clockId, taskQueue, '2026-05-15T00:00:00.000Z');
      expect(await creditsByPeriod(subscriptionId)).toEqual([
        ['2026-01-31', '0'],
        ['2026-02-28', '0'],
        ['2026-03-31', '3000'],
        ['2026-04-30', '3000'],
      ]);
      expect(await wallets.topUps(walletId)).toEqual([
        'INTERVAL:MONTHLY:1',
        'INTERVAL:MONTHLY:2',
        'INTERVAL:MONTHLY:3',
      ]);
    });
  });
});
