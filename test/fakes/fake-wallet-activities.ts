import type { Activities } from '../../activities';
import type { WalletSchedule } from '../../workflows/wallets/wire';

/** The wallet a fake wallet workflow sees; a life script changes `state` (PATCH, DELETE) between timers. */
export interface FakeWalletOptions {
  wallet: WalletSchedule | null;
  /** With an INTERVAL rule (`wallet.nextTopUp`): how far apart its firings fall, so each top-up moves it on. */
  intervalMs?: number;
}

type WalletActivities = Pick<
  Activities,
  'readWalletSchedule' | 'expireWalletIfDue' | 'checkWalletBalance' | 'topUpWalletOnInterval' | 'startTopUpCheckout'
>;

/**
 * In-memory wallet activities: one wallet whose expiry terminates it when due, as the real ones check it; balance
 * checks count themselves, each INTERVAL firing tops up once (its number kept) and moves the next one on.
 */
export function createFakeWalletActivities(options: FakeWalletOptions) {
  const store = {
    state: options.wallet === null ? null : { ...options.wallet },
    checks: 0,
    topUps: [] as number[],
  };
  const copy = () => (store.state === null ? null : { ...store.state });
  const activities: WalletActivities = {
    readWalletSchedule: () => Promise.resolve(copy()),
    expireWalletIfDue: (input) => {
      const wallet = store.state;
      const due =
        wallet !== null &&
        wallet.status === 'ACTIVE' &&
        wallet.expirationAt !== null &&
        Date.parse(wallet.expirationAt) <= Date.parse(input.now);
      if (due) wallet.status = 'TERMINATED';
      return Promise.resolve({ expired: due, wallet: copy() });
    },
    checkWalletBalance: () => {
      store.checks += 1;
      return Promise.resolve({ wallet: copy(), checkouts: [] });
    },
    topUpWalletOnInterval: (input) => {
      const wallet = store.state;
      if (!store.topUps.includes(input.firing.number)) store.topUps.push(input.firing.number);
      if (wallet?.nextTopUp != null && options.intervalMs !== undefined) {
        const at = new Date(Date.parse(input.firing.at) + options.intervalMs).toISOString();
        wallet.nextTopUp = { number: input.firing.number + 1, at };
      }
      return Promise.resolve({ wallet: copy(), checkouts: [] });
    },
    startTopUpCheckout: () => Promise.resolve(),
  };
  return { activities, store };
}
