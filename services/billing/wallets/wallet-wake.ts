import { clearPendingWake, readPendingWake } from './pending-wakes';
import type { WalletSql, WalletStatus } from './wallet-records';
import { findWallet } from './wallet-store';

/** Who the wallet's workflow is for and what the database says of the wallet now. */
export interface WalletWake {
  tenantId: string;
  walletId: string;
  customerId: string;
  status: WalletStatus;
}

/**
 * Wakes the wallet's workflow: started if it is not running while the wallet is ACTIVE, told to end when the wallet is
 * TERMINATED. Resolves once Temporal has taken the signal; throws when it could not be reached.
 */
export type WalletWorkflowWaker = (wake: WalletWake) => Promise<void>;

/** `woken`; `nothing_owed` (another sender took it); `forgotten` (no such wallet: the row is dropped). */
export type WakeOutcome = 'woken' | 'nothing_owed' | 'forgotten';

/**
 * Sends the wake owed to the wallet's workflow, if one is: reads the owed version, then the wallet, signals, and
 * clears that version. Whatever committed before the read is in the database when the workflow reads the wallet on
 * this signal; a change that commits after it raised the version and stays owed. Safe to run twice or concurrently: a
 * signal is a wake-up, not a command.
 */
export async function sendWalletWake(
  deps: { sql: WalletSql; wake: WalletWorkflowWaker },
  walletId: string,
): Promise<WakeOutcome> {
  const pending = { tenantId: deps.sql.tenantId, walletId };
  const version = await readPendingWake(deps.sql, pending);
  if (version === undefined) return 'nothing_owed';
  const wallet = await findWallet(deps.sql, walletId);
  if (wallet !== undefined) await deps.wake({ ...pending, customerId: wallet.customerId, status: wallet.status });
  await clearPendingWake(deps.sql, { ...pending, version });
  return wallet === undefined ? 'forgotten' : 'woken';
}
