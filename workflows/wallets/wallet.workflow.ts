import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions } from '../activity-options';
import {
  walletChangedSignal,
  walletStateQuery,
  walletTerminatedSignal,
  type WalletWorkflowInput,
  type WalletWorkflowOutcome,
} from './messages';
import {
  describeWallet,
  isWalletActive,
  newWalletState,
  nextWalletTimer,
  walletView,
  type WalletTimer,
  type WalletWorkflowState,
} from './wallet-state';

const { readWalletSchedule, expireWalletIfDue } = proxyActivities<Activities>(internalActivityOptions);

/** Well under Temporal's cap of 51,200 events: a wallet whose expiry is moved thousands of times starts afresh. */
const HISTORY_EVENT_LIMIT = 10_000;

/**
 * One wallet's durable timers (`wallet:<tenantId>:<walletId>`), for as long as the wallet is ACTIVE.
 *
 * A loop over a state object (wallet-state.ts): read the wallet, sleep until the earliest timer or until a signal,
 * then either read the wallet again (a signal) or run the timer that fired. Today the only timer is the expiry, which
 * terminates the wallet (the rest voided as EXPIRATION) and ends the run; with no expiry the workflow waits for a
 * signal only. The database is the truth: a signal carries nothing and only makes the loop read the wallet, and the
 * expiry activity checks the stored expiry under the wallet's lock, so a lost, late or repeated signal, a retried
 * activity or a replay on another worker never expires a wallet early or twice. A run whose history grows long
 * (many changes) continues as new; the new run reads the wallet like the first.
 */
export async function walletWorkflow(input: WalletWorkflowInput): Promise<WalletWorkflowOutcome> {
  const state = newWalletState(input);
  setHandler(walletChangedSignal, () => {
    state.wakes.push('changed');
  });
  setHandler(walletTerminatedSignal, () => {
    state.wakes.push('terminated');
  });
  setHandler(walletStateQuery, () => walletView(state));

  const ref = { tenantId: input.tenantId, walletId: input.walletId };
  state.wallet = await readWalletSchedule(ref);
  let expired = false;
  while (isWalletActive(state)) {
    setCurrentDetails(describeWallet(state));
    if (historyIsLong(input)) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof walletWorkflow>(input);
    }
    const timer = nextWalletTimer(state);
    if (await sleepUntilWoken(state, timer)) {
      state.wakes = [];
      state.wallet = await readWalletSchedule(ref);
    } else if (timer !== undefined) {
      expired = await TIMER_RUNNERS[timer.kind](state);
    }
  }
  setCurrentDetails(describeWallet(state));
  await condition(allHandlersFinished);
  if (state.wallet === null) return 'not_found';
  return expired ? 'expired' : 'terminated';
}

/** True when a signal woke the loop; false when `timer` is due. Without a timer only a signal wakes it. */
async function sleepUntilWoken(state: WalletWorkflowState, timer: WalletTimer | undefined): Promise<boolean> {
  const woken = () => state.wakes.length > 0;
  if (timer === undefined) {
    await condition(woken);
    return true;
  }
  const waitMs = timer.atMs - Date.now();
  return waitMs > 0 ? condition(woken, waitMs) : woken();
}

/** Runs the timer that fired, one runner per kind; true when it terminated the wallet by expiry. */
const TIMER_RUNNERS: Readonly<Record<WalletTimer['kind'], (state: WalletWorkflowState) => Promise<boolean>>> = {
  expiry: async (state) => {
    const now = new Date(Date.now()).toISOString();
    const outcome = await expireWalletIfDue({ tenantId: state.tenantId, walletId: state.walletId, now });
    state.wallet = outcome.wallet;
    return outcome.expired;
  },
};

function historyIsLong(input: WalletWorkflowInput): boolean {
  const info = workflowInfo();
  return info.continueAsNewSuggested || info.historyLength >= (input.historyEventLimit ?? HISTORY_EVENT_LIMIT);
}
