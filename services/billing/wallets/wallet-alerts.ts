import type { AlertState, OngoingBalance, WalletAlert } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { recordCustomerEvent } from '../../catalog/customers';
import type { WalletRecord, WalletSql } from './wallet-records';
import { ongoingWalletView } from './wallet-view';

/**
 * Stores what the wallet has told of its balance, and how often its THRESHOLD rule fired. Call with the wallet locked,
 * in the transaction that records the alerts and the top-up this state says were made, so that a retry finds them
 * made.
 */
export async function saveAlertState(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { walletId: string; state: AlertState; thresholdTopUps: number },
): Promise<void> {
  await sql.query(
    `update ${sql.table('wallets')}
        set low_balance_alerted = ?, depleted_alerted = ?, threshold_top_up_fired = ?, threshold_top_ups = ?
      where id = ?`,
    [
      input.state.lowBalanceSent,
      input.state.depletedSent,
      input.state.thresholdFired,
      input.thresholdTopUps,
      input.walletId,
    ],
    transaction,
  );
}

/**
 * `wallet.low_balance` or `wallet.depleted`, in the transaction that decided it. Unlike the other `wallet.*` events it
 * carries the ongoing balance: it is what the alert is about, and it was computed for the decision.
 */
export async function recordWalletAlert(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; alert: WalletAlert; ongoing: OngoingBalance; now: Date },
): Promise<void> {
  await recordCustomerEvent(sql, transaction, {
    type: input.alert,
    customerId: input.wallet.customerId,
    data: ongoingWalletView(input.wallet, input.ongoing),
    occurredAt: input.now,
  });
}

/** A purchase the THRESHOLD rule started is still PENDING (its invoice not yet paid): no new one fires meanwhile. */
export async function hasPendingThresholdPurchase(
  sql: WalletSql,
  transaction: SqlTransaction,
  walletId: string,
): Promise<boolean> {
  const row = await sql.one<{ pending: boolean }>(
    `select exists (
       select 1 from ${sql.table('wallet_transactions')}
        where wallet_id = ? and trigger = 'THRESHOLD' and source = 'PURCHASE' and status = 'PENDING'
     ) as pending`,
    [walletId],
    transaction,
  );
  return row?.pending === true;
}
