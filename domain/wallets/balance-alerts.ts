import type { CreditUnits } from './credits';

/** What the wallet last told, so each crossing is told once: set on crossing down, cleared on rising back above. */
export interface AlertState {
  lowBalanceSent: boolean;
  depletedSent: boolean;
  /** The THRESHOLD top-up fired for the current fall below its threshold. */
  thresholdFired: boolean;
}

export type WalletAlert = 'wallet.low_balance' | 'wallet.depleted';

export interface AlertReading {
  ongoingCredits: CreditUnits;
  ongoingBalanceMinor: bigint;
  lowBalanceThresholdCredits: CreditUnits | null;
  /** The THRESHOLD rule's threshold, if the wallet has one. */
  topUpThresholdCredits: CreditUnits | null;
  /** A purchase a THRESHOLD top-up started is still PENDING: no new one fires meanwhile. */
  topUpPending: boolean;
  /**
   * The lowest the ongoing balance is known to have been since the last reading, when it fell and rose again in
   * between (a void then a grant): a crossing there is a crossing, told once like any other.
   */
  lowest?: { ongoingCredits: CreditUnits; ongoingBalanceMinor: bigint };
}

export interface AlertDecision {
  alerts: WalletAlert[];
  fireThresholdTopUp: boolean;
  next: AlertState;
}

/**
 * Compares the ongoing balance with the thresholds: `wallet.low_balance` when the ongoing credits are at or below the
 * low-balance threshold, `wallet.depleted` when the ongoing balance is at or below zero, each once per crossing
 * (again only after the balance has risen back above), a crossing between two readings (`lowest`) included; the
 * THRESHOLD top-up fires once per fall to its threshold or below, never while a purchase it started is PENDING, and
 * only on the balance as it is (a fall already made good buys nothing). Pure: the caller stores `next` with what it
 * sends.
 */
export function evaluateWalletAlerts(state: AlertState, reading: AlertReading): AlertDecision {
  const isLow = (credits: CreditUnits): boolean =>
    reading.lowBalanceThresholdCredits !== null && credits <= reading.lowBalanceThresholdCredits;
  const low = isLow(reading.ongoingCredits);
  const depleted = reading.ongoingBalanceMinor <= 0n;
  const belowTopUp = reading.topUpThresholdCredits !== null && reading.ongoingCredits <= reading.topUpThresholdCredits;
  const { lowest } = reading;
  const fellLow = low || (lowest !== undefined && isLow(lowest.ongoingCredits));
  const fellDepleted = depleted || (lowest !== undefined && lowest.ongoingBalanceMinor <= 0n);
  const alerts: WalletAlert[] = [];
  if (fellLow && !state.lowBalanceSent) alerts.push('wallet.low_balance');
  if (fellDepleted && !state.depletedSent) alerts.push('wallet.depleted');
  const fireThresholdTopUp = belowTopUp && !state.thresholdFired && !reading.topUpPending;
  return {
    alerts,
    fireThresholdTopUp,
    next: {
      lowBalanceSent: low,
      depletedSent: depleted,
      thresholdFired: belowTopUp && (state.thresholdFired || fireThresholdTopUp),
    },
  };
}

/**
 * The alert state a new wallet starts with: what its balance already is when it is made is no crossing. A wallet made
 * empty (or with only paid credits waiting for their invoice to be paid) starts as told it is depleted, and one made
 * at or below its low-balance threshold as told it is low; each alert then comes once the balance has risen above
 * and falls again. The THRESHOLD top-up is not an alert: an empty wallet with a rule buys its credits at once.
 */
export function alertStateAtCreation(wallet: {
  creditsBalance: CreditUnits;
  balanceMinor: bigint;
  lowBalanceThresholdCredits: CreditUnits | null;
}): AlertState {
  return {
    lowBalanceSent:
      wallet.lowBalanceThresholdCredits !== null && wallet.creditsBalance <= wallet.lowBalanceThresholdCredits,
    depletedSent: wallet.balanceMinor <= 0n,
    thresholdFired: false,
  };
}
