import { Worker } from '@temporalio/worker';
import type { Activities } from '../../activities';
import type { InvoiceRecord } from '../../services/billing/invoices';
import {
  createTestWorker,
  sharedWorkflowBundle,
  TIME_SKIPPING_NAMESPACE,
  uniqueTaskQueue,
} from '../../test/harness/temporal-env';
import { createWalletScenario, daysAfter, TEN_CREDITS } from '../../test/scenarios/wallet-scenario';
import { sleepUntil, useScenarioSuite, waitFor } from '../../test/scenarios/subscription-scenario';
import { walletChangedSignal } from './messages';

const HOUR_MS = 3_600_000;
const hourAfter = (at: Date) => new Date(at.getTime() + HOUR_MS);
const EXPIRED = [`GRANT:${TEN_CREDITS}`, `EXPIRATION:${TEN_CREDITS}`];
const TERMINATED_EVENTS = [
  'wallet.created',
  'wallet.terminated',
  'wallet.transaction.created',
  'wallet.transaction.created',
];

/**
 * The wallet's own workflow on the time-skipping server, with the real activities and services on the test database:
 * wallets are made, changed and deleted through the wallet services and their workflows woken as the API wakes them.
 */
describe('walletWorkflow (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let wallets: ReturnType<typeof createWalletScenario>;
  beforeAll(() => {
    wallets = createWalletScenario(suite);
  });
  afterEach(() => wallets.terminateRunning());

  const worker = async (activities: Activities = suite.scenario.realActivities()) => {
    const taskQueue = uniqueTaskQueue('wallet');
    return { worker: await createTestWorker({ env: suite.env, taskQueue, activities }), taskQueue };
  };
  const inDays = async (days: number) => daysAfter(new Date(await suite.env.currentTimeMs()), days);

  test('at its expiry the rest is voided as EXPIRATION, the wallet TERMINATED with wallet.terminated, the run ends', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const expiry = await inDays(3);
      const walletId = await wallets.createWallet(expiry);
      expect(await wallets.wake(taskQueue, walletId)).toBe('woken');
      expect(await wallets.pendingWakes(walletId)).toBe(0);
      await wallets.workflowSees(walletId, { status: 'ACTIVE', expirationAt: expiry.toISOString() });

      await sleepUntil(suite.env, new Date(expiry.getTime() - HOUR_MS));
      expect((await wallets.wallet(walletId)).status).toBe('ACTIVE');

      await sleepUntil(suite.env, hourAfter(expiry));
      const expired = await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(expired).toMatchObject({ status: 'TERMINATED', credits_balance: '0' });
      expect(expired.terminated_at?.getTime()).toBeGreaterThanOrEqual(expiry.getTime());
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
      expect(await wallets.events(walletId)).toEqual(TERMINATED_EVENTS);
      expect(await wallets.outcome(walletId)).toBe('expired');
      // The expiry is the workflow's own doing: nothing is owed to it afterwards.
      expect(await wallets.pendingWakes(walletId)).toBe(0);
    });
  });

  test('an expiry moved later: nothing happens at the old instant, the wallet expires at the new one', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const [oldExpiry, newExpiry] = [await inDays(2), await inDays(9)];
      const walletId = await wallets.createWallet(oldExpiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.moveExpiry(walletId, newExpiry);
      expect(await wallets.wake(taskQueue, walletId)).toBe('woken');
      await wallets.workflowSees(walletId, { expirationAt: newExpiry.toISOString() });

      await sleepUntil(suite.env, daysAfter(oldExpiry, 1));
      expect((await wallets.wallet(walletId)).status).toBe('ACTIVE');
      expect(await wallets.transactions(walletId)).toEqual([`GRANT:${TEN_CREDITS}`]);

      await sleepUntil(suite.env, hourAfter(newExpiry));
      const expired = await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(expired.terminated_at?.getTime()).toBeGreaterThanOrEqual(newExpiry.getTime());
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
      expect(await wallets.outcome(walletId)).toBe('expired');
    });
  });

  test('an expiry moved earlier: the wallet expires at the new instant', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const [oldExpiry, newExpiry] = [await inDays(20), await inDays(2)];
      const walletId = await wallets.createWallet(oldExpiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { expirationAt: oldExpiry.toISOString() });
      await wallets.moveExpiry(walletId, newExpiry);
      await wallets.wake(taskQueue, walletId);

      await sleepUntil(suite.env, hourAfter(newExpiry));
      const expired = await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(expired.terminated_at?.getTime()).toBeLessThan(oldExpiry.getTime());
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
      expect(await wallets.outcome(walletId)).toBe('expired');
    });
  });

  test('an expiry cleared: the wallet never expires and its workflow waits, until an expiry is set again', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const oldExpiry = await inDays(2);
      const walletId = await wallets.createWallet(oldExpiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.moveExpiry(walletId, null);
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { status: 'ACTIVE', expirationAt: null });

      await sleepUntil(suite.env, daysAfter(oldExpiry, 60));
      expect((await wallets.wallet(walletId)).status).toBe('ACTIVE');
      expect((await wallets.handleOf(walletId).describe()).status.name).toBe('RUNNING');

      const later = await inDays(5);
      await wallets.moveExpiry(walletId, later);
      await wallets.wake(taskQueue, walletId);
      await sleepUntil(suite.env, hourAfter(later));
      await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
    });
  });

  test('a delete before the expiry: TERMINATION at once, the workflow ends, nothing happens at the old instant', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const expiry = await inDays(4);
      const walletId = await wallets.createWallet(expiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { status: 'ACTIVE' });

      await wallets.deleteWallet(walletId);
      expect(await wallets.wake(taskQueue, walletId)).toBe('woken');
      expect(await wallets.outcome(walletId)).toBe('terminated');

      await sleepUntil(suite.env, hourAfter(expiry));
      expect(await wallets.transactions(walletId)).toEqual([`GRANT:${TEN_CREDITS}`, `TERMINATION:${TEN_CREDITS}`]);
      expect(await wallets.events(walletId)).toEqual(TERMINATED_EVENTS);
      expect(await wallets.pendingWakes(walletId)).toBe(0);
    });
  });

  test('the database is the truth: an expiry moved later without a wake, and repeated wakes, change nothing', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const [oldExpiry, newExpiry] = [await inDays(2), await inDays(6)];
      const walletId = await wallets.createWallet(oldExpiry);
      await wallets.wake(taskQueue, walletId);
      // A wake sent twice with nothing changed only makes the workflow read the wallet again.
      await wallets.handleOf(walletId).signal(walletChangedSignal);
      await wallets.handleOf(walletId).signal(walletChangedSignal);
      await wallets.workflowSees(walletId, { expirationAt: oldExpiry.toISOString() });
      // The PATCH commits, but its wake never reaches the workflow (the process died before it could send it).
      await wallets.moveExpiry(walletId, newExpiry);

      await sleepUntil(suite.env, daysAfter(oldExpiry, 1));
      // The old timer fired; the expiry check read the stored expiry, found it not due, and slept on.
      await wallets.workflowSees(walletId, { expirationAt: newExpiry.toISOString() });
      expect((await wallets.wallet(walletId)).status).toBe('ACTIVE');

      await sleepUntil(suite.env, hourAfter(newExpiry));
      await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
      expect(await wallets.events(walletId)).toEqual(TERMINATED_EVENTS);
    });
  });

  test('an expiry activity retried after its write commits voids once', async () => {
    const real = suite.scenario.realActivities();
    let attempts = 0;
    const crashingOnce: Activities = {
      ...real,
      async expireWalletIfDue(input) {
        const result = await real.expireWalletIfDue(input);
        attempts += 1;
        if (attempts === 1) throw new Error('worker crashed after the expiry committed');
        return result;
      },
    };
    const { worker: running, taskQueue } = await worker(crashingOnce);
    await running.runUntil(async () => {
      const expiry = await inDays(3);
      const walletId = await wallets.createWallet(expiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { status: 'ACTIVE' });

      await sleepUntil(suite.env, hourAfter(expiry));
      // A retry of the same expiry, recognised by its instant: still this run's expiry.
      expect(await wallets.outcome(walletId)).toBe('expired');
      expect(attempts).toBe(2);
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
      expect(await wallets.events(walletId)).toEqual(TERMINATED_EVENTS);
    });
  });

  test('an expiry racing an invoice that spends the wallet: each credit is spent or expired, exactly once', async () => {
    const real = suite.scenario.realActivities();
    let spending: Promise<InvoiceRecord> | undefined;
    const racing: Activities = {
      ...real,
      // The invoice's finalize and the expiry go for the wallet's row at the same moment.
      async expireWalletIfDue(input) {
        spending ??= wallets.spendFromWallet(input.walletId, 4);
        const [expired] = await Promise.all([real.expireWalletIfDue(input), spending]);
        return expired;
      },
    };
    const { worker: running, taskQueue } = await worker(racing);
    await running.runUntil(async () => {
      const expiry = await inDays(3);
      const walletId = await wallets.createWallet(expiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { status: 'ACTIVE' });

      await sleepUntil(suite.env, hourAfter(expiry));
      expect(await wallets.outcome(walletId)).toBe('expired');
      const invoice = await spending;
      const transactions = await wallets.transactions(walletId);
      // Whichever took the lock first, the ten credits are all accounted for, and the invoice paid what it took.
      const spent = invoice?.prepaidCreditAmountMinor === 400n;
      expect(transactions).toEqual(spent ? [`GRANT:${TEN_CREDITS}`, 'INVOICE:400000', 'EXPIRATION:600000'] : EXPIRED);
      expect(invoice?.amountDueMinor).toBe(spent ? 0n : 400n);
      expect((await wallets.wallet(walletId)).credits_balance).toBe('0');
    });
  });

  test('a worker restarted while the workflow sleeps: the new worker expires the wallet once', async () => {
    const taskQueue = uniqueTaskQueue('wallet');
    // The first worker caches no workflow, so none of its tasks go to a queue of its own: the time-skipping server,
    // unlike a real one, never hands a stopped worker's sticky tasks on to the task queue.
    const first = await Worker.create({
      connection: suite.env.nativeConnection,
      namespace: TIME_SKIPPING_NAMESPACE,
      taskQueue,
      workflowBundle: await sharedWorkflowBundle(),
      activities: suite.scenario.realActivities(),
      maxCachedWorkflows: 0,
    });
    const expiry = await inDays(10);
    let walletId = '';
    await first.runUntil(async () => {
      walletId = await wallets.createWallet(expiry);
      await wallets.wake(taskQueue, walletId);
      await wallets.workflowSees(walletId, { status: 'ACTIVE', expirationAt: expiry.toISOString() });
    });
    // Another worker process on the same task queue, with nothing cached: it replays the history first.
    const second = await createTestWorker({ env: suite.env, taskQueue, activities: suite.scenario.realActivities() });
    await second.runUntil(async () => {
      await sleepUntil(suite.env, daysAfter(expiry, -5));
      expect((await wallets.wallet(walletId)).status).toBe('ACTIVE');
      await sleepUntil(suite.env, hourAfter(expiry));
      await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(await wallets.outcome(walletId)).toBe('expired');
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
      expect(await wallets.events(walletId)).toEqual(TERMINATED_EVENTS);
    });
  });

  test('an expiry moved many times: the run continues as new past its history bound and the last expiry holds', async () => {
    const { worker: running, taskQueue } = await worker();
    await running.runUntil(async () => {
      const walletId = await wallets.createWallet(await inDays(1));
      const bound = { historyEventLimit: 40 };
      await wallets.wake(taskQueue, walletId, bound);
      let last = await inDays(1);
      for (let move = 2; move <= 8; move += 1) {
        last = await inDays(move);
        await wallets.moveExpiry(walletId, last);
        await wallets.wake(taskQueue, walletId);
        await wallets.workflowSees(walletId, { expirationAt: last.toISOString() });
      }
      const described = await wallets.handleOf(walletId).describe();
      expect(described.runId).not.toBe(described.raw.workflowExecutionInfo?.firstRunId);

      await sleepUntil(suite.env, hourAfter(last));
      await wallets.walletBecomes(walletId, 'TERMINATED');
      expect(
        await waitFor(
          () => wallets.outcome(walletId),
          (outcome) => outcome === 'expired',
        ),
      ).toBe('expired');
      expect(await wallets.transactions(walletId)).toEqual(EXPIRED);
    });
    // Seven moves, each read back by a query; under a loaded full run a query across a continue-as-new waits for its
    // deadline on the time-skipping server (1.3 s alone, over 60 s once in a full run).
  }, 150_000);
});
