import type { AlertState, CreditUnits, OngoingBalance, WalletAlert } from '../../../domain/wallets';
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

/** What the balance changed by since the wallet's last check, as `moveBalance` and the check keep it. */
export interface BalanceDip {
  /** The lowest credits balance since the last check; undefined when the balance has not moved since. */
  lowestCredits: CreditUnits | undefined;
  /** The usage the last check counted, in minor units; undefined before the first check. */
  checkedUsageMinor: bigint | undefined;
}

/** The wallet's dip since its last check; call with the wallet locked. */
export async function readBalanceDip(
  sql: WalletSql,
  transaction: SqlTransaction,
  walletId: string,
): Promise<BalanceDip> {
  const row = await sql.one<{ lowest: string | null; usage: string | null }>(
    `select lowest_credits_balance::text as lowest, checked_usage_minor::text as usage
       from ${sql.table('wallets')} where id = ?`,
    [walletId],
    transaction,
  );
  return {
    lowestCredits: row?.lowest == null ? undefined : BigInt(row.lowest),
    checkedUsageMinor: row?.usage == null ? undefined : BigInt(row.usage),
  };
}

/** The check has seen the balance: the dip starts afresh, measured against the usage this check counted. */
export async function saveCheckedBalance(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { walletId: string; usageMinor: bigint },
): Promise<void> {
  await sql.query(
    `update ${sql.table('wallets')} set lowest_credits_balance = null, checked_usage_minor = ?::bigint where id = ?`,
    [input.usageMinor.toString(), input.walletId],
    transaction,
  );
}
