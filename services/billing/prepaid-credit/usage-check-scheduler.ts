import { wallClock } from '../../../infra/wall-clock';

/** A wallet to check, by tenant. */
export interface ScheduledWallet {
  tenantId: string;
  walletId: string;
}

export interface UsageCheckScheduler {
  /** The wallet's usage moved: it is checked at once, or once its last check is `minIntervalMs` old. */
  note: (wallet: ScheduledWallet) => void;
  /** Resolves once no check is running, queued or waiting. */
  idle: () => Promise<void>;
  /** Takes no more checks; resolves once the running ones have finished. */
  stop: () => Promise<void>;
}

interface Slot {
  wallet: ScheduledWallet;
  state: 'cooling' | 'waiting' | 'queued' | 'running';
  /** Noted while running: one more check after this one. */
  again: boolean;
  startedMs: number;
  /** How long after `startedMs` the next check may start, as the last check asked (at least `minIntervalMs`). */
  spacingMs: number;
  timer?: NodeJS.Timeout;
}

/**
 * Coalesces the checks of each wallet: a wallet noted while idle is checked at once; noted while its check runs, it
 * gets exactly one more check after it, however many times it was noted meanwhile; and two checks of one wallet start
 * at least `minIntervalMs` apart (or as far apart as the last check asked), so a burst of requests costs one check a
 * second per wallet, not one per request. At
 * most `concurrency` checks run at a time, the others queued in the order they became due, those near a threshold
 * first. `check` handles its own
 * errors (a failure is only logged: the wallet's next usage or change checks it again).
 */
export function createUsageCheckScheduler(options: {
  /** Resolves with how long after its start the next check of the wallet may start (`minIntervalMs` when less). */
  check: (wallet: ScheduledWallet) => Promise<number | undefined>;
  minIntervalMs: number;
  concurrency: number;
}): UsageCheckScheduler {
  const slots = new Map<string, Slot>();
  // Wallets near a threshold (or whose pace is not known) before those a check found far from one: when checks fall
  // behind, the ones that may have crossed go first.
  const near: Slot[] = [];
  const far: Slot[] = [];
  const enqueue = (slot: Slot): void => {
    slot.state = 'queued';
    (slot.spacingMs > options.minIntervalMs ? far : near).push(slot);
  };
  const running = new Set<Promise<void>>();
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = (): void => {
    if ([...slots.values()].some((slot) => slot.state !== 'cooling')) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = (): void => {
    while (!stopped && running.size < options.concurrency) {
      const slot = near.shift() ?? far.shift();
      if (slot === undefined) break;
      start(slot);
    }
    settleIdle();
  };

  const makeDue = (slot: Slot): void => {
    const waitMs = slot.startedMs + slot.spacingMs - nowMs();
    clearTimeout(slot.timer);
    if (waitMs <= 0) {
      enqueue(slot);
      return;
    }
    slot.state = 'waiting';
    slot.timer = setTimeout(() => {
      enqueue(slot);
      pump();
    }, waitMs);
  };

  const coolDown = (key: string, slot: Slot): void => {
    slot.state = 'cooling';
    // Forgotten once a new check could start at once anyway: the map holds only wallets checked within the interval.
    slot.timer = setTimeout(
      () => {
        if (slot.state === 'cooling') slots.delete(key);
      },
      Math.max(0, slot.startedMs + slot.spacingMs - nowMs()),
    );
    slot.timer.unref();
  };

  const start = (slot: Slot): void => {
    slot.state = 'running';
    slot.again = false;
    slot.startedMs = nowMs();
    const key = keyOf(slot.wallet);
    const done: Promise<void> = options
      .check(slot.wallet)
      .then(
        (spacingMs) => {
          slot.spacingMs = Math.max(options.minIntervalMs, spacingMs ?? 0);
        },
        () => {
          slot.spacingMs = options.minIntervalMs;
        },
      )
      .finally(() => {
        running.delete(done);
        if (slot.again && !stopped) makeDue(slot);
        else coolDown(key, slot);
        pump();
      });
    running.add(done);
  };

  return {
    note: (wallet) => {
      if (stopped) return;
      const key = keyOf(wallet);
      const slot = slots.get(key);
      if (slot === undefined) {
        const fresh: Slot = {
          wallet,
          state: 'queued',
          again: false,
          startedMs: Number.NEGATIVE_INFINITY,
          spacingMs: options.minIntervalMs,
        };
        slots.set(key, fresh);
        enqueue(fresh);
      } else if (slot.state === 'running') {
        slot.again = true;
        return;
      } else if (slot.state === 'cooling') {
        makeDue(slot);
      } else {
        return;
      }
      pump();
    },
    idle: () => {
      if ([...slots.values()].every((slot) => slot.state === 'cooling')) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    stop: async () => {
      stopped = true;
      for (const slot of slots.values()) clearTimeout(slot.timer);
      near.length = 0;
      far.length = 0;
      await Promise.all(running);
      slots.clear();
      settleIdle();
    },
  };
}

/** A technical throttle: wall time, whatever clock bills. */
const nowMs = () => wallClock.now().getTime();

const keyOf = (wallet: ScheduledWallet) => `${wallet.tenantId}:${wallet.walletId}`;
