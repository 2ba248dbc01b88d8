import type { WalletWorkflowInput, WalletWorkflowView } from './messages';
import type { WalletSchedule } from './wire';

/**
 * The wallet workflow's state: a plain JSON object the signal handlers and the main loop share. Handlers only note
 * why the workflow must look again; the loop reads the wallet and runs what is due.
 *
 * Two kinds of wake-up:
 * - messages (`WakeReason`): `changed` and `terminated` make the loop read the wallet again before anything else and
 *   check its balance at once; `usage` only sets the balance check's deadline a moment ahead (debounced: every
 *   signal until then is answered by that one check), and wakes the loop so that it sleeps until the new deadline;
 * - timers (`WalletTimer`), computed from what was last read: the expiry, the INTERVAL rule's next firing (anchored on
 *   the wallet's creation), and the balance check's deadline. The loop sleeps until the earliest.
 */

export type WakeReason = 'changed' | 'terminated' | 'usage';

export type WalletTimer =
  | { kind: 'expiry'; atMs: number }
  | { kind: 'topUp'; atMs: number; number: number }
  | { kind: 'balanceCheck'; atMs: number };

/**
 * How long after the first "usage recorded" the balance is checked: long enough that a burst of event batches makes
 * one check, short enough that an alert goes out within seconds of the batch that crossed.
 */
export const USAGE_CHECK_DELAY_MS = 1_000;

export interface WalletWorkflowState extends WalletWorkflowInput {
  /** As last read; undefined before the first read, null when the wallet does not exist. */
  wallet: WalletSchedule | null | undefined;
  /** Messages received since the last look, oldest first. */
  wakes: WakeReason[];
  /** When the balance is to be checked (workflow time); null when no check is due. */
  balanceCheckAtMs: number | null;
}

export function newWalletState(input: WalletWorkflowInput): WalletWorkflowState {
  return { ...input, wallet: undefined, wakes: [], balanceCheckAtMs: null };
}

/** Usage was recorded at `nowMs`: the balance is checked a moment later, or at a check already due sooner. */
export function noteUsageRecorded(state: WalletWorkflowState, nowMs: number, delayMs = USAGE_CHECK_DELAY_MS): void {
  state.balanceCheckAtMs ??= nowMs + delayMs;
  state.wakes.push('usage');
}

/** The wallet must be read again: a change or a termination was signalled (usage alone needs no read). */
export function needsRead(reasons: readonly WakeReason[]): boolean {
  return reasons.some((reason) => reason !== 'usage');
}

/** Only an ACTIVE wallet has anything left to wait for; the run ends otherwise. */
export function isWalletActive(state: WalletWorkflowState): boolean {
  return state.wallet?.status === 'ACTIVE';
}

/** The timers of the wallet as last read, earliest first. */
export function walletTimers(state: WalletWorkflowState): WalletTimer[] {
  const wallet = state.wallet?.status === 'ACTIVE' ? state.wallet : undefined;
  if (wallet === undefined) return [];
  const timers: WalletTimer[] = [];
  if (wallet.expirationAt !== null) timers.push({ kind: 'expiry', atMs: Date.parse(wallet.expirationAt) });
  const topUp = wallet.nextTopUp ?? null;
  if (topUp !== null) timers.push({ kind: 'topUp', atMs: Date.parse(topUp.at), number: topUp.number });
  if (state.balanceCheckAtMs !== null) timers.push({ kind: 'balanceCheck', atMs: state.balanceCheckAtMs });
  return timers.sort((a, b) => a.atMs - b.atMs);
}

export function nextWalletTimer(state: WalletWorkflowState): WalletTimer | undefined {
  return walletTimers(state)[0];
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function walletView(state: WalletWorkflowState): WalletWorkflowView {
  const balanceCheckAt = isoOrNull(state.balanceCheckAtMs);
  if (state.wallet === undefined) return { status: 'LOADING', expirationAt: null, nextTopUpAt: null, balanceCheckAt };
  if (state.wallet === null) return { status: 'NOT_FOUND', expirationAt: null, nextTopUpAt: null, balanceCheckAt };
  return {
    status: state.wallet.status,
    expirationAt: state.wallet.expirationAt,
    nextTopUpAt: state.wallet.nextTopUp?.at ?? null,
    balanceCheckAt,
  };
}

/** The Temporal UI's current details: what the workflow waits for. */
export function describeWallet(state: WalletWorkflowState): string {
  const { status, expirationAt, nextTopUpAt } = walletView(state);
  if (status !== 'ACTIVE') return `Wallet ${state.walletId}: ${status}`;
  const waits = [
    expirationAt === null ? 'no expiry' : `expires at ${expirationAt}`,
    ...(nextTopUpAt === null ? [] : [`tops up at ${nextTopUpAt}`]),
  ];
  return `Wallet ${state.walletId}: ACTIVE, ${waits.join(', ')}; checks its balance on usage and changes`;
}
