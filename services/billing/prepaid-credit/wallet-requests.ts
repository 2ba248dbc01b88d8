import type { InvoiceSql } from '../invoices';
import type { UsageSql } from '../usage-pricing';
import {
  addWalletTransactions,
  createWallet,
  terminateWallet,
  updateWallet,
  type NewWallet,
  type WalletChange,
  type WalletTransactionRecord,
  type WalletTransactionRequest,
} from '../wallets';
import { withOngoingBalance, type OngoingWallet } from './ongoing-wallets';
import { sellCredits } from './sell-credits';

/** POST /wallets: the wallet with its first credits (paid ones sold on a purchase invoice), and its ongoing balance. */
export async function openWallet(sql: InvoiceSql & UsageSql, input: NewWallet): Promise<OngoingWallet> {
  const created = await createWallet(sql, input, sellCredits(sql));
  return withOngoingBalance(sql, created.wallet);
}

/** PATCH /wallets/:id, answered with the ongoing balance. */
export async function changeWallet(
  sql: InvoiceSql & UsageSql,
  update: { walletId: string; change: WalletChange; now: Date },
): Promise<OngoingWallet> {
  return withOngoingBalance(sql, await updateWallet(sql, update));
}

/** DELETE /wallets/:id: what is left is voided (TERMINATION); a TERMINATED wallet holds and owes nothing. */
export async function closeWallet(
  sql: InvoiceSql & UsageSql,
  input: { walletId: string; now: Date },
): Promise<OngoingWallet> {
  return withOngoingBalance(sql, await terminateWallet(sql, { ...input, cause: 'TERMINATION' }));
}

/** POST /wallets/transactions: paid, granted and voided credits in one go, paid ones sold on a purchase invoice. */
export async function changeWalletCredits(
  sql: InvoiceSql,
  request: WalletTransactionRequest,
): Promise<WalletTransactionRecord[]> {
  return addWalletTransactions(sql, request, sellCredits(sql));
}
