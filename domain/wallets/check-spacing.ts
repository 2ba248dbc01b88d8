import type { AlertState } from './balance-alerts';
import type { CreditUnits } from './credits';

/** A wallet's ongoing credits as a check read them, at `atMs`. */
export interface CreditsReading {
  atMs: number;
  ongoingCredits: CreditUnits;
}

/**
 * The highest level of ongoing credits at which the wallet still has something to say: its low-balance threshold
 * until told, its THRESHOLD rule's until it fired, zero until told `wallet.depleted`. Undefined: nothing left.
 */
export function nextAlertLevel(input: {
  state: AlertState;
  lowBalanceThresholdCredits: CreditUnits | null;
  topUpThresholdCredits: CreditUnits | null;
}): CreditUnits | undefined {
  const levels: CreditUnits[] = [];
  if (input.lowBalanceThresholdCredits !== null && !input.state.lowBalanceSent)
    levels.push(input.lowBalanceThresholdCredits);
  if (input.topUpThresholdCredits !== null && !input.state.thresholdFired) levels.push(input.topUpThresholdCredits);
  if (!input.state.depletedSent) levels.push(0n);
  return levels.reduce<CreditUnits | undefined>(
    (high, level) => (high === undefined || level > high ? level : high),
    undefined,
  );
}

/** The usage between two checks may speed up this many times before a wallet far from its level is checked late. */
const SPEED_UP_MARGIN = 4;

/**
 * How long after this check the next one may wait, between `minMs` and `maxMs`: `minMs` while the wallet is at its
 * next level, or when how fast it is spent is not known (a first check, no usage since the last); otherwise a quarter
 * of the time the usage between the last two checks would take to reach the level. A wallet far from any threshold is
 * checked every `maxMs`, one close to one every `minMs`; usage that speeds up more than fourfold at once is answered
 * at most `maxMs` late.
 */
export function nextCheckSpacingMs(input: {
  previous: CreditsReading | undefined;
  current: CreditsReading;
  level: CreditUnits | undefined;
  minMs: number;
  maxMs: number;
}): number {
  const { previous, current, level, minMs, maxMs } = input;
  if (level === undefined) return maxMs;
  const headroom = current.ongoingCredits - level;
  if (headroom <= 0n || previous === undefined) return minMs;
  const spent = previous.ongoingCredits - current.ongoingCredits;
  const elapsedMs = current.atMs - previous.atMs;
  if (spent <= 0n || elapsedMs <= 0) return minMs;
  const reachMs = (Number(headroom) / Number(spent)) * elapsedMs;
  return Math.min(maxMs, Math.max(minMs, reachMs / SPEED_UP_MARGIN));
}
