import type { CreditUnits } from '../../../domain/wallets';
import { recordWalletWake } from './pending-wakes';
import type { WalletRecord, WalletSql } from './wallet-records';
import { lockActiveWallet } from './wallet-transactions';
import { lockWallet } from './wallet-store';

/** What PATCH may change; absent fields stay, null clears. */
export interface WalletChange {
  name?: string | null;
  expirationAt?: Date | null;
  lowBalanceThresholdCredits?: CreditUnits | null;
}

const CHANGE_COLUMNS: Readonly<Record<keyof WalletChange, string>> = {
  name: 'name = ?',
  expirationAt: 'expiration_at = ?',
  lowBalanceThresholdCredits: 'low_balance_threshold_credits = ?::bigint',
};

/**
 * PATCH /wallets/:id: only an ACTIVE wallet changes (`wallet_terminated` otherwise). A new or cleared expiry owes the
 * wallet's workflow a wake-up, so that it sleeps until the new instant.
 */
export async function updateWallet(sql: WalletSql, walletId: string, change: WalletChange): Promise<WalletRecord> {
  return sql.transactional(async (transaction) => {
    await lockActiveWallet(sql, transaction, walletId);
    const keys = (Object.keys(CHANGE_COLUMNS) as (keyof WalletChange)[]).filter((key) => change[key] !== undefined);
    const values = keys.map((key) => {
      const value = change[key];
      return typeof value === 'bigint' ? value.toString() : (value ?? null);
    });
    await sql.query(
      `update ${sql.table('wallets')} set ${[...keys.map((key) => CHANGE_COLUMNS[key]), 'updated_at = now()'].join(', ')}
        where id = ?`,
      [...values, walletId],
      transaction,
    );
    if (change.expirationAt !== undefined) await recordWalletWake(sql, transaction, walletId);
    const updated = await lockWallet(sql, transaction, walletId);
    if (updated === undefined) throw new Error(`wallet ${walletId} vanished inside its own transaction`);
    return updated;
  });
}
