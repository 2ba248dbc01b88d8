import type { Activities } from '../../activities';
import type { WalletSchedule } from '../../workflows/wallets/wire';

/** The wallet a fake wallet workflow sees; a life script changes `state` (PATCH, DELETE) between timers. */
export interface FakeWalletOptions {
  wallet: WalletSchedule | null;
}

type WalletActivities = Pick<Activities, 'readWalletSchedule' | 'expireWalletIfDue'>;

/** In-memory wallet activities: one wallet whose expiry terminates it when due, as the real ones check it. */
export function createFakeWalletActivities(options: FakeWalletOptions) {
  const store = { state: options.wallet === null ? null : { ...options.wallet } };
  const activities: WalletActivities = {
    readWalletSchedule: () => Promise.resolve(store.state === null ? null : { ...store.state }),
    expireWalletIfDue: (input) => {
      const wallet = store.state;
      const due =
        wallet !== null &&
        wallet.status === 'ACTIVE' &&
        wallet.expirationAt !== null &&
        Date.parse(wallet.expirationAt) <= Date.parse(input.now);
      if (due) wallet.status = 'TERMINATED';
      return Promise.resolve({ expired: due, wallet: wallet === null ? null : { ...wallet } });
    },
  };
  return { activities, store };
}
