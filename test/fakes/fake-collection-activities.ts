import type { Activities } from '../../activities';
import type { DunningInvoiceState } from '../../workflows/collections/messages';

/** The invoice a fake dunning sees; a life script changes `state` (paid, voided) between timers. */
export interface FakeDunningOptions {
  invoice: DunningInvoiceState;
}

type CollectionActivities = Pick<
  Activities,
  | 'readDunningInvoice'
  | 'reconcileSubscriptionPastDue'
  | 'reconcileSubscriptionPastDueOnClock'
  | 'sendDunningReminder'
  | 'markInvoiceUncollectible'
  | 'cancelSubscriptionForDunning'
>;

/** In-memory dunning activities: one invoice whose status the write-off changes and a script may change too. */
export function createFakeCollectionActivities(options: FakeDunningOptions) {
  const store = { state: { ...options.invoice } };
  const activities: CollectionActivities = {
    readDunningInvoice: () => Promise.resolve({ ...store.state }),
    reconcileSubscriptionPastDue: () => Promise.resolve(store.state.status === 'OPEN'),
    // No subscription workflow here to acknowledge: the signal counts as not delivered.
    reconcileSubscriptionPastDueOnClock: () =>
      Promise.resolve({ pastDue: store.state.status === 'OPEN', delivered: false }),
    sendDunningReminder: () => Promise.resolve('sent' as const),
    markInvoiceUncollectible: () => {
      if (store.state.status === 'OPEN') store.state.status = 'UNCOLLECTIBLE';
      return Promise.resolve(store.state.status);
    },
    cancelSubscriptionForDunning: () => Promise.resolve('canceled' as const),
  };
  return { activities, store };
}
