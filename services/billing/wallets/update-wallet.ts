import type { CreditUnits, RecurringTopUp } from '../../../domain/wallets';
import type { SqlParam } from '../../../infra/db/sql';
import { recordWalletWake } from './pending-wakes';
import { requireTopUpRulesWorth, storedTopUpRules } from './top-up-rules';
import type { WalletRecord, WalletSql } from './wallet-records';
import { lockActiveWallet } from './wallet-transactions';
import { lockWallet } from './wallet-store';

/** What PATCH may change; absent fields stay, null clears. */
export interface WalletChange {
  name?: string | null;
  expirationAt?: Date | null;
  lowBalanceThresholdCredits?: CreditUnits | null;
  /** Replaces the rules (an empty list removes them). Checked by the caller (`recurringTopUpProblems`). */
  recurringTopUps?: RecurringTopUp[];
}

const CHANGE_COLUMNS: Readonly<Record<keyof WalletChange, string>> = {
  name: 'name = ?',
  expirationAt: 'expiration_at = ?',
  lowBalanceThresholdCredits: 'low_balance_threshold_credits = ?::bigint',
  recurringTopUps: 'recurring_top_ups = ?::jsonb',
};

/** What the wallet's workflow schedules or checks by: a change of one owes it a wake-up. */
const WORKFLOW_FIELDS: readonly (keyof WalletChange)[] = [
  'expirationAt',
  'lowBalanceThresholdCredits',
  'recurringTopUps',
];

function columnValue(change: WalletChange, key: keyof WalletChange): SqlParam {
  if (key === 'recurringTopUps') return storedTopUpRules(change.recurringTopUps ?? []);
  const value = change[key];
  return typeof value === 'bigint' ? value.toString() : (value ?? null);
}

/**
 * PATCH /wallets/:id: only an ACTIVE wallet changes (`wallet_terminated` otherwise). A new or cleared expiry, threshold
 * or set of top-up rules owes the wallet's workflow a wake-up: it sleeps until the new expiry or next INTERVAL firing
 * and checks the balance against the new thresholds.
 */
export async function updateWallet(
  sql: WalletSql,
  update: { walletId: string; change: WalletChange; now: Date },
): Promise<WalletRecord> {
  const { walletId, change } = update;
  return sql.transactional(async (transaction) => {
    const current = await lockActiveWallet(sql, transaction, walletId);
    if (change.recurringTopUps !== undefined) requireTopUpRulesWorth(change.recurringTopUps, current.rate);
    const keys = (Object.keys(CHANGE_COLUMNS) as (keyof WalletChange)[]).filter((key) => change[key] !== undefined);
    await sql.query(
      `update ${sql.table('wallets')} set ${[...keys.map((key) => CHANGE_COLUMNS[key]), 'updated_at = ?'].join(', ')}
        where id = ?`,
      [...keys.map((key) => columnValue(change, key)), update.now, walletId],
      transaction,
    );
    if (keys.some((key) => WORKFLOW_FIELDS.includes(key))) await recordWalletWake(sql, transaction, walletId);
    const updated = await lockWallet(sql, transaction, walletId);
    if (updated === undefined) throw new Error(`wallet ${walletId} vanished inside its own transaction`);
    return updated;
  });
}
