import type { Clock } from '../../../domain/clock';
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
import { customerTime, walletTime, type WalletTimeSql } from './wallet-business-time';

type WalletRequestSql = InvoiceSql & UsageSql & WalletTimeSql;

/**
 * A request's input as read at the customer's business time: reading it judges an expiry against that time, so
 * every problem of the input is still named at once, before anything changes.
 */
type ReadAt<T> = (now: Date) => T;

/** POST /wallets: the wallet with its first credits (paid ones sold on a purchase invoice), and its ongoing balance. */
export async function openWallet(
  sql: WalletRequestSql,
  input: { customerId: string; clock: Clock; wallet: ReadAt<NewWallet> },
): Promise<OngoingWallet> {
  const wallet = input.wallet(await customerTime(sql, input.customerId, input.clock));
  const created = await createWallet(sql, wallet, sellCredits(sql));
  return withOngoingBalance(sql, created.wallet);
}

/** PATCH /wallets/:id, answered with the ongoing balance. */
export async function changeWallet(
  sql: WalletRequestSql,
  input: { walletId: string; clock: Clock; change: ReadAt<WalletChange> },
): Promise<OngoingWallet> {
  const now = await walletTime(sql, input.walletId, input.clock);
  return withOngoingBalance(sql, await updateWallet(sql, { walletId: input.walletId, change: input.change(now), now }));
}

/** DELETE /wallets/:id: what is left is voided (TERMINATION); a TERMINATED wallet holds and owes nothing. */
export async function closeWallet(
  sql: WalletRequestSql,
  input: { walletId: string; clock: Clock },
): Promise<OngoingWallet> {
  const now = await walletTime(sql, input.walletId, input.clock);
  return withOngoingBalance(sql, await terminateWallet(sql, { walletId: input.walletId, now, cause: 'TERMINATION' }));
}

/** Paid, granted and voided credits in one go, paid ones sold on a purchase invoice. */
export async function changeWalletCredits(
  sql: InvoiceSql,
  request: WalletTransactionRequest,
): Promise<WalletTransactionRecord[]> {
  return addWalletTransactions(sql, request, sellCredits(sql));
}

/** POST /wallets/transactions: {@link changeWalletCredits} at the wallet's customer's business time. */
export async function requestWalletCredits(
  sql: InvoiceSql & WalletTimeSql,
  input: { walletId: string; clock: Clock; request: ReadAt<WalletTransactionRequest> },
): Promise<WalletTransactionRecord[]> {
  return changeWalletCredits(sql, input.request(await walletTime(sql, input.walletId, input.clock)));
}
