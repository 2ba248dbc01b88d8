import { ongoingBalance, type OngoingBalance } from '../../../domain/wallets';
import type { UsageTally } from '../../metering/aggregation';
import type { InvoiceSql } from '../invoices';
import { readCustomerOpenUsage, type UsageSql } from '../usage-pricing';
import { findWallet, listWallets, walletError, type WalletRecord, type WalletStatus } from '../wallets';

/** A wallet with its ongoing balance, as a read presents it. */
export interface OngoingWallet {
  wallet: WalletRecord;
  ongoing: OngoingBalance;
}

type PrepaidSql = InvoiceSql & UsageSql;

/**
 * The ongoing balance of a wallet, exact at the moment of the read: its balance less what its customer's metered
 * subscriptions in its currency have used so far and not yet been invoiced for (the amounts their
 * `GET /subscriptions/:id/usage` reports; a `tally` of running aggregates answers the same amount with less work). A
 * TERMINATED wallet holds nothing and owes nothing.
 */
export async function withOngoingBalance(
  sql: PrepaidSql,
  wallet: WalletRecord,
  options: { tally?: UsageTally } = {},
): Promise<OngoingWallet> {
  const owner = { customerId: wallet.customerId, currency: wallet.currency, ...options };
  const usageMinor = wallet.status === 'ACTIVE' ? await readCustomerOpenUsage(sql, owner) : 0n;
  return { wallet, ongoing: ongoingBalance(wallet, usageMinor) };
}

/** GET /wallets/:id: `wallet_not_found` when the tenant has no such wallet. */
export async function readOngoingWallet(sql: PrepaidSql, walletId: string): Promise<OngoingWallet> {
  const wallet = await findWallet(sql, walletId);
  if (wallet === undefined) throw walletError({ code: 'wallet_not_found' }, walletId);
  return withOngoingBalance(sql, wallet);
}

/** GET /wallets: a page of wallets, each with its ongoing balance. */
export async function listOngoingWallets(
  sql: PrepaidSql,
  options: { limit: number; offset: number; customerId?: string; status?: WalletStatus },
): Promise<{ records: OngoingWallet[]; total: number }> {
  const page = await listWallets(sql, options);
  const records: OngoingWallet[] = [];
  for (const wallet of page.records) records.push(await withOngoingBalance(sql, wallet));
  return { records, total: page.total };
}
