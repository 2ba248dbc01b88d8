/**
 * What the wallet activities take and return across the Temporal boundary (JSON: instants as ISO strings). The
 * workflow imports these as types only.
 */

export interface WalletRef {
  tenantId: string;
  walletId: string;
}

/** A read of the wallet at `now`, workflow time (replay-safe, skipped in tests): what is due is measured from it. */
export interface WalletReadInput extends WalletRef {
  now?: string;
}

/** The n-th INTERVAL firing after the wallet's creation, due at `at`. */
export interface IntervalFiringWire {
  number: number;
  at: string;
}

/** The wallet as its workflow schedules it, read afresh at every wake-up. */
export interface WalletSchedule {
  status: 'ACTIVE' | 'TERMINATED';
  customerId: string;
  expirationAt: string | null;
  /**
   * The INTERVAL rule's first firing after the read's `now` (absent in histories recorded before top-ups existed):
   * null without an INTERVAL rule.
   */
  nextTopUp?: IntervalFiringWire | null;
  /**
   * The customer's test clock and its time (read by `readWalletSchedule` only): the workflow runs on its time. Null
   * or absent for an ordinary customer (and in results recorded before test clocks). `advancing` (absent in results
   * recorded before it): the clock is between stops of an advance, and `frozenTime` is only the advance's end.
   */
  testClock?: { clockId: string; frozenTime: string; advancing?: boolean } | null;
  /** When the wallet was created (read by `readWalletSchedule` only, with `testClock`). */
  createdAt?: string;
}

/**
 * What a balance check or a top-up leaves for the workflow: the wallet as it is now, and the purchase invoices of
 * paid top-ups whose checkout is still to be asked for (each asked by an activity of its own).
 */
export interface WalletCheckOutcome {
  wallet: WalletSchedule | null;
  checkouts: string[];
}

/** The INTERVAL timer fired at `now` for `firing`: its top-up, once, if the wallet's rule still makes that firing. */
export interface IntervalTopUpInput extends WalletRef {
  firing: IntervalFiringWire;
  now: string;
}

/** A paid top-up's purchase invoice: its checkout through the tenant's payment provider, when one fits. */
export interface TopUpCheckoutInput extends WalletRef {
  invoiceId: string;
}

/** `now` is workflow time: the instant the expiry timer fired (replay-safe, skipped in tests). */
export interface ExpireWalletInput extends WalletRef {
  now: string;
}

/**
 * The wallet after the expiry check: `expired` when this call terminated it (EXPIRATION); otherwise it is as it was
 * (its expiry moved later, cleared, or it was already TERMINATED). Null: no such wallet.
 */
export interface WalletExpiry {
  expired: boolean;
  wallet: WalletSchedule | null;
}
