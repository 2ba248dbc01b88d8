import type { WalletWorkflowInput, WalletWorkflowView } from './messages';
import type { WalletSchedule } from './wire';

/**
 * The wallet workflow's state: a plain JSON object the signal handlers and the main loop share. Handlers only note
 * why the workflow must look again (`wakes`); the loop reads the wallet and runs what is due.
 *
 * Two kinds of wake-up, so later work fits without reshaping the loop:
 * - messages (`WakeReason`): each makes the loop read the wallet again before anything else. A debounced "usage
 *   recorded" for low-balance alerts adds a reason whose handler sets a deadline instead of waking at once;
 * - timers (`WalletTimer`), computed from what was last read: the expiry today; an interval top-up's next firing
 *   (anchored on the wallet's creation) or that debounce deadline later. The loop sleeps until the earliest.
 */

export type WakeReason = 'changed' | 'terminated';

export type WalletTimer = { kind: 'expiry'; atMs: number };

export interface WalletWorkflowState extends WalletWorkflowInput {
  /** As last read; undefined before the first read, null when the wallet does not exist. */
  wallet: WalletSchedule | null | undefined;
  /** Messages received since the last read, oldest first. */
  wakes: WakeReason[];
}

export function newWalletState(input: WalletWorkflowInput): WalletWorkflowState {
  return { ...input, wallet: undefined, wakes: [] };
}

/** Only an ACTIVE wallet has anything left to wait for; the run ends otherwise. */
export function isWalletActive(state: WalletWorkflowState): boolean {
  return state.wallet?.status === 'ACTIVE';
}

/** The timers of the wallet as last read, earliest first. */
export function walletTimers(state: WalletWorkflowState): WalletTimer[] {
  const expirationAt = state.wallet?.status === 'ACTIVE' ? state.wallet.expirationAt : null;
  const timers: WalletTimer[] = expirationAt === null ? [] : [{ kind: 'expiry', atMs: Date.parse(expirationAt) }];
  return timers.sort((a, b) => a.atMs - b.atMs);
}

export function nextWalletTimer(state: WalletWorkflowState): WalletTimer | undefined {
  return walletTimers(state)[0];
}

export function walletView(state: WalletWorkflowState): WalletWorkflowView {
  if (state.wallet === undefined) return { status: 'LOADING', expirationAt: null };
  if (state.wallet === null) return { status: 'NOT_FOUND', expirationAt: null };
  return { status: state.wallet.status, expirationAt: state.wallet.expirationAt };
}

/** The Temporal UI's current details: what the workflow waits for. */
export function describeWallet(state: WalletWorkflowState): string {
  const { status, expirationAt } = walletView(state);
  const waiting = expirationAt === null ? 'no expiry: waits for a change' : `expires at ${expirationAt}`;
  return `Wallet ${state.walletId}: ${status}${status === 'ACTIVE' ? `, ${waiting}` : ''}`;
}
