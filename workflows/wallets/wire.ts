/**
 * What the wallet activities take and return across the Temporal boundary (JSON: instants as ISO strings). The
 * workflow imports these as types only.
 */

export interface WalletRef {
  tenantId: string;
  walletId: string;
}

/** The wallet as its workflow schedules it, read afresh at every wake-up. */
export interface WalletSchedule {
  status: 'ACTIVE' | 'TERMINATED';
  customerId: string;
  expirationAt: string | null;
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
