import { afterCommit } from '../../../infra/db/commit-tasks';
import type { Sql, SqlTransaction } from '../../../infra/db/sql';
import type { WalletSql } from './wallet-records';
import { currentWalletWakeSender } from './wallet-wake-listening';

/**
 * `central.pending_wallet_wakes`: the wallets, of every tenant, whose workflow is owed a wake-up (a start, a moved
 * expiry, a termination). A row goes in with the change (same transaction) and out once its workflow has been
 * signalled; `version` grows with each change, so a sender clears only what it read before it signalled.
 */

export interface PendingWake {
  tenantId: string;
  walletId: string;
}

/** At most this many rows per pass; the next pass takes the rest. */
const PENDING_BATCH = 500;

/**
 * Notes, inside the transaction that changes the wallet, that its workflow must be woken once it commits: the row, and
 * the send right after the commit where a wake sender listens (a request, an activity), else the worker's loop.
 */
export async function recordWalletWake(sql: WalletSql, transaction: SqlTransaction, walletId: string): Promise<void> {
  await sql.query(
    `insert into central.pending_wallet_wakes (tenant_id, wallet_id) values (?, ?)
     on conflict (tenant_id, wallet_id)
       do update set version = pending_wallet_wakes.version + 1, requested_at = now()`,
    [sql.tenantId, walletId],
    transaction,
  );
  const send = currentWalletWakeSender();
  if (send !== undefined) {
    await afterCommit(transaction, () => send(sql, walletId), { key: `wallet-wake:${sql.tenantId}:${walletId}` });
  }
}

/**
 * The wallet's balance moved (a transaction, an invoice's finalize or void, a purchase paid, failed or taken back):
 * its workflow is woken to check the ongoing balance against its thresholds and rules. A TERMINATED wallet has none.
 */
export async function oweBalanceCheck(
  sql: WalletSql,
  transaction: SqlTransaction,
  wallet: { id: string; status: string },
): Promise<void> {
  if (wallet.status === 'ACTIVE') await recordWalletWake(sql, transaction, wallet.id);
}

/** The version of the wake owed to the wallet's workflow, as committed now; undefined when none is owed. */
export async function readPendingWake(sql: Sql, pending: PendingWake): Promise<string | undefined> {
  const row = await sql.one<{ version: string }>(
    'select version::text as version from central.pending_wallet_wakes where tenant_id = ? and wallet_id = ?',
    [pending.tenantId, pending.walletId],
  );
  return row?.version;
}

/** Clears the wake if no change was recorded since `version` was read (a later one stays owed). */
export async function clearPendingWake(sql: Sql, pending: PendingWake & { version: string }): Promise<void> {
  await sql.query(
    'delete from central.pending_wallet_wakes where tenant_id = ? and wallet_id = ? and version = ?::bigint',
    [pending.tenantId, pending.walletId, pending.version],
  );
}

/** The oldest wakes recorded at least `olderThanMs` ago, of every tenant or of `tenantId` only. */
export async function listPendingWakes(
  sql: Sql,
  options: { olderThanMs: number; tenantId?: string },
): Promise<PendingWake[]> {
  const only = options.tenantId === undefined ? '' : 'and tenant_id = ?';
  const rows = await sql.query<{ tenant_id: string; wallet_id: string }>(
    `select tenant_id, wallet_id from central.pending_wallet_wakes
      where requested_at <= now() - make_interval(secs => ?) ${only}
      order by requested_at limit ${PENDING_BATCH}`,
    [options.olderThanMs / 1000, ...(options.tenantId === undefined ? [] : [options.tenantId])],
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, walletId: row.wallet_id }));
}
