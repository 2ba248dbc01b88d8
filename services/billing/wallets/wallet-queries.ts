import {
  toWalletRecord,
  toWalletTransactionRecord,
  TRANSACTION_COLUMNS,
  WALLET_COLUMNS,
  type WalletRecord,
  type WalletRow,
  type WalletSql,
  type WalletStatus,
  type WalletTransactionRecord,
  type WalletTransactionRow,
} from './wallet-records';
import { findWallet } from './wallet-store';

export interface Page<T> {
  records: T[];
  total: number;
}

/** A page of the tenant's wallets, newest first; `customerId` and `status` filter when given. */
export async function listWallets(
  sql: WalletSql,
  options: { limit: number; offset: number; customerId?: string; status?: WalletStatus },
): Promise<Page<WalletRecord>> {
  const conditions: string[] = [];
  const filter: string[] = [];
  if (options.customerId !== undefined) {
    conditions.push('customer_id = ?');
    filter.push(options.customerId);
  }
  if (options.status !== undefined) {
    conditions.push('status = ?');
    filter.push(options.status);
  }
  const where = conditions.length === 0 ? '' : `where ${conditions.join(' and ')}`;
  const [rows, totals] = await Promise.all([
    sql.query<WalletRow>(
      `select ${WALLET_COLUMNS} from ${sql.table('wallets')} ${where}
        order by created_at desc, id desc limit ? offset ?`,
      [...filter, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('wallets')} ${where}`, filter),
  ]);
  return { records: rows.map(toWalletRecord), total: Number(totals[0]?.total ?? 0) };
}

/** A page of a wallet's transactions, newest first; undefined when the wallet does not exist. */
export async function listWalletTransactions(
  sql: WalletSql,
  options: { walletId: string; limit: number; offset: number },
): Promise<Page<WalletTransactionRecord> | undefined> {
  if ((await findWallet(sql, options.walletId)) === undefined) return undefined;
  const [rows, totals] = await Promise.all([
    sql.query<WalletTransactionRow>(
      `select ${TRANSACTION_COLUMNS} from ${sql.table('wallet_transactions')} as transaction
         join ${sql.table('wallets')} as wallet on wallet.id = transaction.wallet_id
        where transaction.wallet_id = ?
        order by transaction.created_at desc, transaction.id desc limit ? offset ?`,
      [options.walletId, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(
      `select count(*) as total from ${sql.table('wallet_transactions')} where wallet_id = ?`,
      [options.walletId],
    ),
  ]);
  return { records: rows.map(toWalletTransactionRecord), total: Number(totals[0]?.total ?? 0) };
}

/** The ids of the ACTIVE wallets of these customers, oldest first (their workflows are running). */
export async function listActiveWalletIds(sql: WalletSql, customerIds: string[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('wallets')}
      where customer_id in (select jsonb_array_elements_text(?::jsonb)) and status = 'ACTIVE' order by id`,
    [JSON.stringify(customerIds)],
  );
  return rows.map((row) => row.id);
}
