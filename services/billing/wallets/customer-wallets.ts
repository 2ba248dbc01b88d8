import type { CustomerWallets } from '../../catalog/customers';
import type { SqlTransaction } from '../../../infra/db/sql';
import { terminateLockedWallet } from './terminate-wallet';
import type { WalletSql } from './wallet-records';

/**
 * Deleting a customer terminates its ACTIVE wallet (at most one) with the delete's transaction: what is left is voided
 * as TERMINATION, `wallet.terminated` is recorded, and the wallet's workflow is owed its wake-up.
 */
export async function terminateCustomerWallets(
  sql: WalletSql,
  request: { customerId: string; transaction: SqlTransaction; now: Date },
): Promise<string[]> {
  const { transaction, now } = request;
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('wallets')} where customer_id = ? and status = 'ACTIVE' order by id for update`,
    [request.customerId],
    transaction,
  );
  for (const { id } of rows) await terminateLockedWallet(sql, transaction, { walletId: id, cause: 'TERMINATION', now });
  return rows.map((row) => row.id);
}

/** What customers ask of their wallets (their port, handed in where the processes are wired). */
/** Whether the customer has an ACTIVE wallet (at most one), whose credits are in the customer's currency. */
export async function hasActiveWallet(
  sql: WalletSql,
  customerId: string,
  transaction: SqlTransaction,
): Promise<boolean> {
  const row = await sql.one<{ found: boolean }>(
    `select exists (select 1 from ${sql.table('wallets')} where customer_id = ? and status = 'ACTIVE') as found`,
    [customerId],
    transaction,
  );
  return row?.found === true;
}

export const customerWallets: CustomerWallets = { terminateCustomerWallets, hasActiveWallet };
