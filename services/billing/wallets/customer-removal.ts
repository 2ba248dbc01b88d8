import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/**
 * Removes the customers' wallets with their transactions, takes, top-ups and owed wakes (a test clock's deletion, in
 * its transaction); the removed wallets' ids, whose workflows the caller stops.
 */
export async function deleteCustomersWallets(
  sql: TenantSql<'wallets' | 'wallet_transactions' | 'wallet_transaction_takes' | 'wallet_top_ups'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const wallets = await sql.query<{ id: string }>(
    `select id from ${sql.table('wallets')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
  const walletIds = wallets.map((wallet) => wallet.id);
  if (walletIds.length === 0) return [];
  const ofWallets = `(select id from ${sql.table('wallet_transactions')} where wallet_id in (${listOf(walletIds)}))`;
  await sql.query(
    `delete from ${sql.table('wallet_transaction_takes')} where outbound_id in ${ofWallets} or lot_id in ${ofWallets}`,
    [...walletIds, ...walletIds],
    transaction,
  );
  for (const table of ['wallet_top_ups', 'wallet_transactions'] as const) {
    await sql.query(
      `delete from ${sql.table(table)} where wallet_id in (${listOf(walletIds)})`,
      walletIds,
      transaction,
    );
  }
  await sql.query(`delete from ${sql.table('wallets')} where id in (${listOf(walletIds)})`, walletIds, transaction);
  await sql.query(
    `delete from central.pending_wallet_wakes where tenant_id = ? and wallet_id in (${listOf(walletIds)})`,
    [sql.tenantId, ...walletIds],
    transaction,
  );
  return walletIds;
}
