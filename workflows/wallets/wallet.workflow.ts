import {
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
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
  walletUsageRecordedSignal,
  type WalletWorkflowInput,
  type WalletWorkflowOutcome,
} from './messages';
import {
  describeWallet,
  isWalletActive,
  needsRead,
  newWalletState,
  nextWalletTimer,
  noteUsageRecorded,
  walletView,
  type WalletTimer,
  type WalletWorkflowState,
} from './wallet-state';
import type { WalletCheckOutcome } from './wire';
import {
  businessNowIso,
  businessNowMs,
  currentTestClock,
  listenToTestClock,
  NOT_TOLD_YET,
  onTestClock,
  reportClockReached,
  useTestClock,
  waitUntil,
  type ClockTimeState,
} from '../shared/business-time';
import { clockAwareActivities } from '../shared/clock-activities';

/** Scheduled, or local while the wallet is on a test clock (shared/clock-activities.ts). */
const { readWalletSchedule, expireWalletIfDue, checkWalletBalance, topUpWalletOnInterval } = clockAwareActivities();
/** A provider call: always scheduled. */
const { startTopUpCheckout } = proxyActivities<Activities>(internalActivityOptions);

/** Well under Temporal's cap of 51,200 events: a wallet whose expiry is moved thousands of times starts afresh. */
const HISTORY_EVENT_LIMIT = 10_000;

/**
 * Balance checks and top-ups came after the first runs: runs recorded before them replay without (no check at their
 * start nor after a change), and check from their next step on.
 */
const BALANCE_CHECKS_PATCH = 'wallet-balance-checks';
/** A wallet that reads its clock during an advance starts untold (runs recorded before took the advance's end). */
const CLOCK_UNTOLD_START_PATCH = 'test-clock-untold-wallet-start';

/**
 * One wallet's durable timers (`wallet:<tenantId>:<walletId>`), for as long as the wallet is ACTIVE.
 *
 * A loop over a state object (wallet-state.ts): read the wallet, sleep until the earliest timer or until a signal,
 * then either read the wallet again (a change) or run the timer that fired. The timers: the expiry, which terminates
 * the wallet (the rest voided as EXPIRATION) and ends the run; the INTERVAL rule's next firing, which tops the wallet
 * up; and the balance check, due at once after a change (or a moment after a usage signal, which only older API
 * processes sent: recorded usage is now the worker's usage loop's to check), which tells `wallet.low_balance` /
 * `wallet.depleted` and fires the THRESHOLD rule. The database is the truth: a signal carries
 * nothing and only makes the loop look again, each activity decides under the wallet's lock, and each top-up is
 * keyed by its firing, so a lost, late or repeated signal, a retried activity or a replay on another worker never
 * expires a wallet early or twice, tells an alert twice or tops up twice. A run whose history grows long continues as
 * new; the new run reads the wallet like the first.
 */
export async function walletWorkflow(
  input: WalletWorkflowInput,
  carriedClock?: ClockTimeState,
): Promise<WalletWorkflowOutcome> {
  const state = newWalletState(input);
  listenToTestClock();
  if (carriedClock !== undefined) useTestClock(carriedClock, input.tenantId);
  setHandler(walletChangedSignal, () => {
    state.wakes.push('changed');
  });
  setHandler(walletTerminatedSignal, () => {
    state.wakes.push('terminated');
  });
  setHandler(walletUsageRecordedSignal, () => {
    // On a test clock the debounce would wait for the clock's next advance: the check is due at the clock's time.
    if (onTestClock()) noteUsageRecorded(state, businessNowMs(), 0);
    else noteUsageRecorded(state, Date.now());
  });
  setHandler(walletStateQuery, () => walletView(state));

  await readWallet(state);
  let expired = false;
  while (isWalletActive(state)) {
    setCurrentDetails(describeWallet(state));
    if (historyIsLong(input)) {
      await condition(allHandlersFinished);
      const clock = currentTestClock();
      // An ordinary wallet's next run takes the input alone, as before test clocks.
      if (clock === undefined) return continueAsNew<typeof walletWorkflow>(input);
      return continueAsNew<typeof walletWorkflow>(input, clock);
    }
    const timer = nextWalletTimer(state);
    if (await sleepUntilWoken(state, timer)) {
      const reasons = state.wakes;
      state.wakes = [];
      if (needsRead(reasons)) await readWallet(state);
    } else if (timer !== undefined) {
      expired = await runTimer(state, timer);
    }
  }
  setCurrentDetails(describeWallet(state));
  await condition(allHandlersFinished);
  // On a test clock, the clock's advance waits for this workflow's report: it ends having reached the clock's time.
  await reportClockReached();
  if (state.wallet === null) return 'not_found';
  return expired ? 'expired' : 'terminated';
}

/** The customer's time: the workflow's own, or its test clock's. */
const nowIso = () => businessNowIso();

/**
 * Reads the wallet afresh; what it reads may have moved the balance or its thresholds, so a check is due at once.
 * The first read tells whether the customer is on a test clock: then the wallet is read again at the clock's time
 * (its next INTERVAL firing counts from there).
 */
async function readWallet(state: WalletWorkflowState): Promise<void> {
  const read = () => readWalletSchedule({ tenantId: state.tenantId, walletId: state.walletId, now: nowIso() });
  state.wallet = await read();
  const clock = state.wallet?.testClock;
  if (!onTestClock() && clock != null) {
    // From the wallet's creation when the clock is already past it (an advance began before this workflow read it):
    // its INTERVAL firings and expiry since then run, each at its instant.
    const created = state.wallet?.createdAt ?? clock.frozenTime;
    const localTime = Date.parse(created) < Date.parse(clock.frozenTime) ? created : clock.frozenTime;
    // Read while the clock advances, its time is only the advance's end: told none yet, it waits for a stop, so its
    // firings keep their order with the invoices of the same advance.
    const untold = clock.advancing === true && patched(CLOCK_UNTOLD_START_PATCH);
    const frozenTime = untold ? NOT_TOLD_YET : clock.frozenTime;
    useTestClock({ clockId: clock.clockId, frozenTime, localTime, reportedFor: null }, state.tenantId);
    state.wallet = await read();
  }
  if (patched(BALANCE_CHECKS_PATCH)) state.balanceCheckAtMs = businessNowMs();
}

/** What `timer` waits for, as its summary in Temporal UI. */
function describeWalletTimer(state: WalletWorkflowState, timer: WalletTimer): string {
  const at = new Date(timer.atMs).toISOString();
  switch (timer.kind) {
    case 'expiry':
      return `expiry ${at} of wallet ${state.walletId}`;
    case 'topUp':
      return `recurring top-up ${timer.number} ${at} of wallet ${state.walletId}`;
    case 'balanceCheck':
      return `balance check ${at} of wallet ${state.walletId} after usage`;
  }
}

/** True when a signal woke the loop; false when `timer` is due. Without a timer only a signal wakes it. */
async function sleepUntilWoken(state: WalletWorkflowState, timer: WalletTimer | undefined): Promise<boolean> {
  const woken = () => state.wakes.length > 0;
  if (onTestClock()) {
    await waitUntil(timer?.atMs, woken);
    return woken();
  }
  if (timer === undefined) {
    await condition(woken);
    return true;
  }
  const waitMs = timer.atMs - Date.now();
  return waitMs > 0 ? condition(woken, waitMs, { summary: describeWalletTimer(state, timer) }) : woken();
}

/** What a check or a top-up left: the wallet as it is now, and the checkouts its paid top-ups still need. */
async function takeOutcome(state: WalletWorkflowState, outcome: WalletCheckOutcome): Promise<void> {
  state.wallet = outcome.wallet;
  for (const invoiceId of outcome.checkouts) {
    await startTopUpCheckout({ tenantId: state.tenantId, walletId: state.walletId, invoiceId });
  }
}

/** Runs the timer that fired; true when it terminated the wallet by expiry. */
async function runTimer(state: WalletWorkflowState, timer: WalletTimer): Promise<boolean> {
  const ref = { tenantId: state.tenantId, walletId: state.walletId };
  switch (timer.kind) {
    case 'expiry': {
      const outcome = await expireWalletIfDue({ ...ref, now: nowIso() });
      state.wallet = outcome.wallet;
      return outcome.expired;
    }
    case 'topUp': {
      const firing = { number: timer.number, at: new Date(timer.atMs).toISOString() };
      await takeOutcome(state, await topUpWalletOnInterval({ ...ref, firing, now: nowIso() }));
      // The top-up moved the balance: the thresholds are checked against it at once.
      state.balanceCheckAtMs = businessNowMs();
      return false;
    }
    case 'balanceCheck':
      // Cleared before the check: usage recorded while it runs sets a new deadline, answered by the next check.
      state.balanceCheckAtMs = null;
      await takeOutcome(state, await checkWalletBalance({ ...ref, now: nowIso() }));
      return false;
  }
}

function historyIsLong(input: WalletWorkflowInput): boolean {
  const info = workflowInfo();
  return info.continueAsNewSuggested || info.historyLength >= (input.historyEventLimit ?? HISTORY_EVENT_LIMIT);
}
