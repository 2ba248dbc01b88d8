import type { SqlTransaction } from '../../../infra/db/sql';
import { recordCustomerEvent } from '../../catalog/customers';
import { recordWalletWake } from './pending-wakes';
import { takeOutCredits } from './wallet-credits';
import { walletError } from './wallet-errors';
import type { WalletRecord, WalletSql } from './wallet-records';
import { lockWallet } from './wallet-store';
import { walletView } from './wallet-view';

export type TerminationCause = 'TERMINATION' | 'EXPIRATION';

/**
 * Voids what is left (source TERMINATION for a delete, EXPIRATION at `expirationAt`) and TERMINATES the wallet, with
 * `wallet.terminated`, in the caller's transaction. A wallet already TERMINATED is returned as it is, so a retried
 * delete or a late expiry timer changes nothing. A termination owes the wallet's workflow a wake-up, so that it ends;
 * an expiry is that workflow's own doing.
 */
export async function terminateLockedWallet(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { walletId: string; cause: TerminationCause; now: Date },
): Promise<WalletRecord> {
  const wallet = await lockWallet(sql, transaction, input.walletId);
  if (wallet === undefined) throw walletError({ code: 'wallet_not_found' }, input.walletId);
  if (wallet.status === 'TERMINATED') return wallet;
  if (wallet.creditsBalance > 0n) {
    const context = { now: input.now };
    await takeOutCredits(sql, transaction, { wallet, credits: wallet.creditsBalance, source: input.cause, context });
  }
  await sql.query(
    `update ${sql.table('wallets')} set status = 'TERMINATED', terminated_at = ?, updated_at = ? where id = ?`,
    [input.now, input.now, wallet.id],
    transaction,
  );
  const terminated = await lockWallet(sql, transaction, wallet.id);
  if (terminated === undefined) throw new Error(`wallet ${wallet.id} vanished inside its own transaction`);
  await recordCustomerEvent(sql, transaction, {
    type: 'wallet.terminated',
    customerId: terminated.customerId,
    data: walletView(terminated),
    occurredAt: input.now,
  });
  if (input.cause === 'TERMINATION') await recordWalletWake(sql, transaction, wallet.id);
  return terminated;
}

/** DELETE /wallets/:id and the expiry: `terminateLockedWallet` in a transaction of its own. */
export async function terminateWallet(
  sql: WalletSql,
  input: { walletId: string; cause: TerminationCause; now: Date },
): Promise<WalletRecord> {
  return sql.transactional((transaction) => terminateLockedWallet(sql, transaction, input));
}
