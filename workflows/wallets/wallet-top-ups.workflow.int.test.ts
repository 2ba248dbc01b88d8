import type { Activities } from '../../activities';
import type { RecurringTopUp } from '../../domain/wallets';
import { tenantSql } from '../../infra/db/tenant-sql';
import { addWalletTransactions } from '../../services/billing/wallets';
import { Worker } from '@temporalio/worker';
import {
  createTestWorker,
  sharedWorkflowBundle,
  TIME_SKIPPING_NAMESPACE,
  uniqueTaskQueue,
} from '../../test/harness/temporal-env';
import { createWalletScenario, daysAfter, TEN_CREDITS } from '../../test/scenarios/wallet-scenario';
import { sleepUntil, useScenarioSuite, waitFor } from '../../test/scenarios/subscription-scenario';
import { walletUsageRecordedSignal, type WalletWorkflowView } from './messages';

const HOUR_MS = 3_600_000;
/** Credits in the stored unit (10^-5 credit). */
const credits = (whole: number) => BigInt(Math.round(whole * 100_000));
const GRANTED = `GRANT:${TEN_CREDITS}:MANUAL:SETTLED`;

const rule = (fields: Partial<RecurringTopUp> & Pick<RecurringTopUp, 'trigger'>): RecurringTopUp => ({
  interval: null,
  thresholdCredits: null,
  method: 'FIXED',
  paidCredits: null,
  grantedCredits: null,
  targetCredits: null,
  ...fields,
});
const WEEKLY_GRANT = rule({ trigger: 'INTERVAL', interval: 'WEEKLY', grantedCredits: credits(5) });
/** At or below 4 credits, buy 1: the top-up leaves the wallet at its threshold, still in the same fall. */
const THRESHOLD_BUY_ONE = rule({ trigger: 'THRESHOLD', thresholdCredits: credits(4), paidCredits: credits(1) });

/**
 * Automatic top-ups on the wallet's own workflow, on the time-skipping server with the real activities and services:
 * INTERVAL firings on durable timers from the wallet's creation, THRESHOLD firings from the balance check a change
 * wakes, each firing topping up once whatever retries happen; usage signals debounced into one check.
 */
describe('walletWorkflow top-ups (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let wallets: ReturnType<typeof createWalletScenario>;
  beforeAll(() => {
    wallets = createWalletScenario(suite);
  });
  afterEach(() => wallets.terminateRunning());

  /** A worker whose balance checks are counted (and may be made to crash once after their commit). */
  const worker = async (activities: Partial<Activities> = {}) => {
    const real = suite.scenario.realActivities();
    const counted = { checks: 0 };
    const all: Activities = {
      ...real,
      async checkWalletBalance(input) {
        const outcome = await real.checkWalletBalance(input);
        counted.checks += 1;
        return outcome;
      },
      ...activities,
    };
    const taskQueue = uniqueTaskQueue('wallet-top-ups');
    return { worker: await createTestWorker({ env: suite.env, taskQueue, activities: all }), taskQueue, counted };
  };
  const now = async () => new Date(await suite.env.currentTimeMs());
  /** Spends `amount` of the wallet on an invoice and sends the wake its finalize owed, as the API would. */
  const spend = async (taskQueue: string, walletId: string, amount: number) => {
    await wallets.spendFromWallet(walletId, amount);
    expect(await wallets.wake(taskQueue, walletId)).toBe('woken');
  };
  /** Once the workflow's view shows `expected` (a timeout fails the test). */
  const sees = async (walletId: string, expected: Partial<WalletWorkflowView>) => {
    expect(await wallets.workflowSees(walletId, expected)).toMatchObject(expected);
  };
  /** Once the worker has made `count` balance checks in all (each wake makes one; close ones may make one). */
  const checksReach = async (counted: { checks: number }, count: number) => {
    await waitFor(
      () => Promise.resolve(counted.checks),
      (made) => made >= count,
    );
    expect(counted.checks).toBe(count);
  };
  /** Grants ten credits as POST /wallets/transactions does, and sends the wake it owed. */
  const grant = async (taskQueue: string, walletId: string) => {
    const context = { now: await now() };
    const request = { walletId, grantedCredits: TEN_CREDITS, context };
    await addWalletTransactions(tenantSql(suite.orm, suite.tenantId), request);
    expect(await wallets.wake(taskQueue, walletId)).toBe('woken');
  };
  const topUpsBecome = (walletId: string, count: number) =>
    waitFor(
      () => wallets.topUps(walletId),
      (keys) => keys.length >= count,
    );

  test('INTERVAL fires one interval after the creation and every interval after, once each', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const createdAt = await now();
      const walletId = await wallets.createWallet(null, { recurringTopUps: [WEEKLY_GRANT], now: createdAt });
      await wallets.wake(taskQueue, walletId);
      const first = daysAfter(createdAt, 7);
      await sees(walletId, { nextTopUpAt: first.toISOString() });

      await sleepUntil(suite.env, new Date(first.getTime() - HOUR_MS));
      expect(await wallets.topUps(walletId)).toEqual([]);
      await sleepUntil(suite.env, new Date(first.getTime() + HOUR_MS));
      expect(await topUpsBecome(walletId, 1)).toEqual(['INTERVAL:WEEKLY:1']);
      await sees(walletId, { nextTopUpAt: daysAfter(createdAt, 14).toISOString() });

      await sleepUntil(suite.env, new Date(daysAfter(createdAt, 14).getTime() + HOUR_MS));
      expect(await topUpsBecome(walletId, 2)).toEqual(['INTERVAL:WEEKLY:1', 'INTERVAL:WEEKLY:2']);
      const added = `GRANT:${credits(5)}:INTERVAL:SETTLED`;
      expect(await wallets.triggeredTransactions(walletId)).toEqual([GRANTED, added, added]);
      expect((await wallets.wallet(walletId)).credits_balance).toBe(String(credits(20)));
    });
  });

  test('an INTERVAL top-up whose activity fails right after its commit tops up once', async () => {
    const real = suite.scenario.realActivities();
    let attempts = 0;
    const { worker: running, taskQueue } = await worker({
      async topUpWalletOnInterval(input) {
        const outcome = await real.topUpWalletOnInterval(input);
        attempts += 1;
        if (attempts === 1) throw new Error('worker crashed after the top-up committed');
        return outcome;
      },
    });
    await running.runUntil(async () => {
      const createdAt = await now();
      const walletId = await wallets.createWallet(null, { recurringTopUps: [WEEKLY_GRANT], now: createdAt });
      await wallets.wake(taskQueue, walletId);
      await sees(walletId, { nextTopUpAt: daysAfter(createdAt, 7).toISOString() });

      await sleepUntil(suite.env, new Date(daysAfter(createdAt, 7).getTime() + HOUR_MS));
      await sees(walletId, { nextTopUpAt: daysAfter(createdAt, 14).toISOString() });
      expect(attempts).toBe(2);
      expect(await wallets.topUps(walletId)).toEqual(['INTERVAL:WEEKLY:1']);
      const added = `GRANT:${credits(5)}:INTERVAL:SETTLED`;
      expect(await wallets.triggeredTransactions(walletId)).toEqual([GRANTED, added]);
    });
  });

  test('a worker killed after the first INTERVAL top-up: a new worker replays it and tops up the next firing once', async () => {
    const taskQueue = uniqueTaskQueue('wallet-top-ups');
    // No workflow cached, so none of its tasks go to a queue of its own (see the expiry's restart test).
    const first = await Worker.create({
      connection: suite.env.nativeConnection,
      namespace: TIME_SKIPPING_NAMESPACE,
      taskQueue,
      workflowBundle: await sharedWorkflowBundle(),
      activities: suite.scenario.realActivities(),
      maxCachedWorkflows: 0,
    });
    const createdAt = await now();
    let walletId = '';
    await first.runUntil(async () => {
      walletId = await wallets.createWallet(null, { recurringTopUps: [WEEKLY_GRANT], now: createdAt });
      await wallets.wake(taskQueue, walletId);
      await sleepUntil(suite.env, new Date(daysAfter(createdAt, 7).getTime() + HOUR_MS));
      expect(await topUpsBecome(walletId, 1)).toEqual(['INTERVAL:WEEKLY:1']);
      await sees(walletId, { nextTopUpAt: daysAfter(createdAt, 14).toISOString() });
    });
    const second = await createTestWorker({ env: suite.env, taskQueue, activities: suite.scenario.realActivities() });
    await second.runUntil(async () => {
      await sleepUntil(suite.env, new Date(daysAfter(createdAt, 14).getTime() + HOUR_MS));
      expect(await topUpsBecome(walletId, 2)).toEqual(['INTERVAL:WEEKLY:1', 'INTERVAL:WEEKLY:2']);
      await sees(walletId, { nextTopUpAt: daysAfter(createdAt, 21).toISOString() });
      const added = `GRANT:${credits(5)}:INTERVAL:SETTLED`;
      expect(await wallets.triggeredTransactions(walletId)).toEqual([GRANTED, added, added]);
    });
  });

  test('THRESHOLD fires once per fall: a paid top-up on its purchase invoice, again only after a rise above', async () => {
    const { worker: running, taskQueue, counted } = await worker();
    await running.runUntil(async () => {
      const walletId = await wallets.createWallet(null, { recurringTopUps: [THRESHOLD_BUY_ONE] });
      await wallets.wake(taskQueue, walletId);
      await checksReach(counted, 1);

      // 10 → 3: at or below 4, one credit bought (4: still at the threshold, the same fall).
      await spend(taskQueue, walletId, 7);
      await checksReach(counted, 2);
      expect(await wallets.topUps(walletId)).toEqual(['THRESHOLD:1']);
      // 4 → 3: still the same fall, nothing more.
      await spend(taskQueue, walletId, 1);
      await checksReach(counted, 3);
      expect(await wallets.topUps(walletId)).toEqual(['THRESHOLD:1']);

      // A grant raises it above (13), then it falls again (3): a second firing.
      await grant(taskQueue, walletId);
      await checksReach(counted, 4);
      await spend(taskQueue, walletId, 10);
      await checksReach(counted, 5);
      expect(await wallets.topUps(walletId)).toEqual(['THRESHOLD:1', 'THRESHOLD:2']);
      const bought = `PURCHASE:${credits(1)}:THRESHOLD:SETTLED`;
      expect(await wallets.triggeredTransactions(walletId)).toEqual([
        GRANTED,
        `INVOICE:${credits(7)}:MANUAL:SETTLED`,
        bought,
        `INVOICE:${credits(1)}:MANUAL:SETTLED`,
        GRANTED,
        `INVOICE:${credits(10)}:MANUAL:SETTLED`,
        bought,
      ]);
      // Each paid top-up is sold on a credit-purchase invoice of its own.
      const invoices = await suite.scenario.sql<{ invoice_id: string }>(
        "select invoice_id from $schema.wallet_transactions where wallet_id = ? and source = 'PURCHASE'",
        [walletId],
      );
      expect(new Set(invoices.map((row) => row.invoice_id)).size).toBe(2);
    });
  });

  test('a THRESHOLD check whose activity fails right after its top-up commits tops up once', async () => {
    const real = suite.scenario.realActivities();
    let crashes = 0;
    const { worker: running, taskQueue } = await worker({
      async checkWalletBalance(input) {
        const outcome = await real.checkWalletBalance(input);
        const fired = (await wallets.topUps(input.walletId)).length > 0;
        if (fired && crashes === 0) {
          crashes += 1;
          throw new Error('worker crashed after the check committed its top-up');
        }
        return outcome;
      },
    });
    await running.runUntil(async () => {
      const walletId = await wallets.createWallet(null, { recurringTopUps: [THRESHOLD_BUY_ONE] });
      await wallets.wake(taskQueue, walletId);
      await spend(taskQueue, walletId, 7);
      await waitFor(
        () => Promise.resolve(crashes),
        (made) => made === 1,
      );
      await sees(walletId, { balanceCheckAt: null });
      expect(await wallets.topUps(walletId)).toEqual(['THRESHOLD:1']);
      const purchases = (await wallets.triggeredTransactions(walletId)).filter((each) => each.startsWith('PURCHASE'));
      expect(purchases).toEqual([`PURCHASE:${credits(1)}:THRESHOLD:SETTLED`]);
    });
  });

  test('THRESHOLD does not fire while a purchase it started is PENDING', async () => {
    const { worker: running, taskQueue, counted } = await worker();
    await running.runUntil(async () => {
      const walletId = await wallets.createWallet(null, {
        invoiceRequiresSuccessfulPayment: true,
        recurringTopUps: [rule({ trigger: 'THRESHOLD', thresholdCredits: credits(4), paidCredits: credits(10) })],
      });
      await wallets.wake(taskQueue, walletId);
      await checksReach(counted, 1);
      await spend(taskQueue, walletId, 7);
      await checksReach(counted, 2);
      expect(await wallets.topUps(walletId)).toEqual(['THRESHOLD:1']);

      // Its purchase waits for payment; a grant raises the wallet above (13), a spend takes it below again (2).
      await grant(taskQueue, walletId);
      await checksReach(counted, 3);
      await spend(taskQueue, walletId, 11);
      await checksReach(counted, 4);
      expect(await wallets.topUps(walletId)).toEqual(['THRESHOLD:1']);
      const purchases = (await wallets.triggeredTransactions(walletId)).filter((each) => each.startsWith('PURCHASE'));
      expect(purchases).toEqual([`PURCHASE:${credits(10)}:THRESHOLD:PENDING`]);
    });
  });

  test('usage signals close together make one balance check', async () => {
    const { worker: running, taskQueue, counted } = await worker();
    await running.runUntil(async () => {
      const walletId = await wallets.createWallet(null);
      await wallets.wake(taskQueue, walletId);
      await sees(walletId, { status: 'ACTIVE', balanceCheckAt: null });
      // The check a new run makes at once is done (its deadline is cleared before it runs, so the view says nothing).
      await checksReach(counted, 1);
      const before = counted.checks;
      const handle = wallets.handleOf(walletId);
      // Sent at once: one after another, a loaded machine could space them past the 1 s the workflow waits.
      await Promise.all(Array.from({ length: 5 }, () => handle.signal(walletUsageRecordedSignal)));
      await waitFor(
        () => Promise.resolve(counted.checks),
        (made) => made > before,
      );
      await sees(walletId, { balanceCheckAt: null });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(counted.checks).toBe(before + 1);
    });
  });
});
