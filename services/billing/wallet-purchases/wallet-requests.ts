import type { InvoiceSql } from '../invoices';
import {
  addWalletTransactions,
  createWallet,
  type NewWallet,
  type WalletRecord,
  type WalletTransactionRecord,
  type WalletTransactionRequest,
} from '../wallets';
import { sellCredits } from './sell-credits';

/** POST /wallets: the wallet with its first credits, paid ones sold on a purchase invoice. */
export async function openWallet(
  sql: InvoiceSql,
  input: NewWallet,
): Promise<{ wallet: WalletRecord; transactions: WalletTransactionRecord[] }> {
  return createWallet(sql, input, sellCredits(sql));
}

/** POST /wallets/transactions: paid, granted and voided credits in one go, paid ones sold on a purchase invoice. */
export async function changeWalletCredits(
  sql: InvoiceSql,
  request: WalletTransactionRequest,
): Promise<WalletTransactionRecord[]> {
  return addWalletTransactions(sql, request, sellCredits(sql));
}
