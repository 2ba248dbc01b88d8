import { defineQuery, defineSignal } from '@temporalio/workflow';

/**
 * The wallet workflow's messages: one long-running workflow per wallet, id `wallet:<tenantId>:<walletId>`, started
 * and woken by services/billing/wallets with signalWithStart. A signal carries nothing: it only wakes the workflow,
 * which reads the wallet from PostgreSQL, so a lost or repeated signal changes nothing.
 */

/** Workflow type name, so the API and the worker's loop can start and signal it without importing workflow code. */
export const WALLET_WORKFLOW_TYPE = 'walletWorkflow';

export interface WalletWorkflowInput {
  tenantId: string;
  walletId: string;
  /**
   * History events after which a run continues as new at its next safe point. Unset: the workflow's own bound (or
   * the server's suggestion); tests set it low.
   */
  historyEventLimit?: number;
}

/**
 * What the workflow schedules or checks by may have changed: the wallet was created, PATCH moved its expiry or changed
 * its thresholds or top-up rules, or its balance moved (a transaction, an invoice's finalize or void, a purchase
 * paid or failed). The workflow reads the wallet again and checks its ongoing balance at once.
 */
export const walletChangedSignal = defineSignal('walletChanged');

/** The wallet was TERMINATED (DELETE, its customer deleted): the workflow reads it and ends. */
export const walletTerminatedSignal = defineSignal('walletTerminated');

/**
 * Usage of the wallet's customer was recorded: the workflow checks the ongoing balance a moment later, once for every
 * signal that arrives meanwhile (debounced). No longer sent: recorded usage is checked by the worker's usage loop
 * (services/billing/prepaid-credit, `startWalletUsageChecks`). The handler stays so that runs recorded with these
 * signals replay, and a signal still in flight from an older API process is answered.
 */
export const walletUsageRecordedSignal = defineSignal('walletUsageRecorded');

/** What the workflow last read of its wallet, for tests and operators (`temporal workflow query --type walletState`). */
export interface WalletWorkflowView {
  /** LOADING until the first read; NOT_FOUND when the wallet does not exist (the run ends). */
  status: 'LOADING' | 'ACTIVE' | 'TERMINATED' | 'NOT_FOUND';
  expirationAt: string | null;
  /** When the INTERVAL rule fires next; null without one. */
  nextTopUpAt: string | null;
  /** When the next balance check runs (a change, or usage debounced); null when none is due. */
  balanceCheckAt: string | null;
}

export const walletStateQuery = defineQuery<WalletWorkflowView>('walletState');

/** How a run ended: its expiry terminated the wallet, it found the wallet terminated (or gone). */
export type WalletWorkflowOutcome = 'expired' | 'terminated' | 'not_found';
