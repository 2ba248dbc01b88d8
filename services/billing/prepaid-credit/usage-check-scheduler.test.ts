import { jest } from '@jest/globals';
import { createUsageCheckScheduler, type ScheduledWallet } from './usage-check-scheduler';

// Fake timers (and Date): the scheduler's order and spacing are checked on exact times, whatever the machine's load.
beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/** Runs the fake clock until `promise` settles (at most `limitMs`), so `idle()` and `stop()` can be awaited. */
async function settle(promise: Promise<void>, limitMs = 10_000): Promise<void> {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  for (let waited = 0; !state.done && waited < limitMs; waited += 1) await advance(1);
  expect(state.done).toBe(true);
}

/** A scheduler whose checks take `checkMs` and record which wallet they checked and when. */
function scheduler(options: { minIntervalMs: number; concurrency?: number; checkMs?: number; spacingMs?: number }) {
  const checks: { walletId: string; at: number }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const made = createUsageCheckScheduler({
    minIntervalMs: options.minIntervalMs,
    concurrency: options.concurrency ?? 4,
    check: async (wallet: ScheduledWallet) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      checks.push({ walletId: wallet.walletId, at: Date.now() });
      await sleep(options.checkMs ?? 20);
      running -= 1;
      return options.spacingMs;
    },
  });
  return { ...made, checks, mostAtOnce: () => mostAtOnce };
}

const wallet = (walletId: string): ScheduledWallet => ({ tenantId: 'ten_1', walletId });

describe('usage check scheduler', () => {
  it('checks a wallet noted while idle at once', async () => {
    const checks = scheduler({ minIntervalMs: 1_000 });
    checks.note(wallet('w1'));
    expect(checks.checks).toEqual([{ walletId: 'w1', at: 0 }]);
    await settle(checks.idle());
  });

  it('answers every note made during a check with exactly one more check, the interval apart', async () => {
    const checks = scheduler({ minIntervalMs: 150, checkMs: 50 });
    checks.note(wallet('w1'));
    for (let note = 0; note < 10; note += 1) checks.note(wallet('w1'));
    await settle(checks.idle());
    expect(checks.checks).toEqual([
      { walletId: 'w1', at: 0 },
      { walletId: 'w1', at: 150 },
    ]);
  });

  it('makes a note within the interval after a check wait for it, and takes later notes into that check', async () => {
    const checks = scheduler({ minIntervalMs: 200, checkMs: 10 });
    checks.note(wallet('w1'));
    await advance(50);
    checks.note(wallet('w1'));
    checks.note(wallet('w1'));
    await settle(checks.idle());
    expect(checks.checks.map((check) => check.at)).toEqual([0, 200]);
  });

  it('checks a wallet noted after its interval has passed at once', async () => {
    const checks = scheduler({ minIntervalMs: 200, checkMs: 10 });
    checks.note(wallet('w1'));
    await advance(300);
    checks.note(wallet('w1'));
    await settle(checks.idle());
    expect(checks.checks.map((check) => check.at)).toEqual([0, 300]);
  });

  it('spaces the next check as far as the last one asked, never closer than the minimum', async () => {
    const checks = scheduler({ minIntervalMs: 50, checkMs: 10, spacingMs: 250 });
    checks.note(wallet('w1'));
    await advance(20);
    checks.note(wallet('w1'));
    await settle(checks.idle());
    expect(checks.checks.map((check) => check.at)).toEqual([0, 250]);
  });

  it('runs at most `concurrency` checks at once, each wallet once', async () => {
    const checks = scheduler({ minIntervalMs: 1_000, concurrency: 2, checkMs: 30 });
    for (const id of ['w1', 'w2', 'w3', 'w4', 'w5']) checks.note(wallet(id));
    await settle(checks.idle());
    expect(checks.checks.map((check) => check.walletId).sort()).toEqual(['w1', 'w2', 'w3', 'w4', 'w5']);
    expect(checks.mostAtOnce()).toBe(2);
  });

  it('when checks fall behind, takes wallets near a threshold before those found far from one', async () => {
    const order: string[] = [];
    const checks = createUsageCheckScheduler({
      minIntervalMs: 10,
      concurrency: 1,
      check: async ({ walletId }) => {
        order.push(walletId);
        await sleep(walletId === 'slow' ? 100 : 20);
        // 'far' was found far from its thresholds: its next check may wait 60 ms.
        return walletId === 'far' ? 60 : undefined;
      },
    });
    checks.note(wallet('far'));
    await advance(35);
    checks.note(wallet('far')); // queued (behind) at 60 ms
    checks.note(wallet('slow')); // runs until 135 ms
    await advance(45);
    checks.note(wallet('near')); // queued at 80 ms, after 'far', with no pace known
    await settle(checks.idle());
    expect(order).toEqual(['far', 'slow', 'near', 'far']);
  });

  it('takes no note after stop and waits for the running check', async () => {
    const checks = scheduler({ minIntervalMs: 100, checkMs: 40 });
    checks.note(wallet('w1'));
    checks.note(wallet('w1'));
    await settle(checks.stop());
    expect(Date.now()).toBe(40);
    checks.note(wallet('w2'));
    await advance(150);
    expect(checks.checks.map((check) => check.walletId)).toEqual(['w1']);
  });
});
