import { creditsValue, type CreditUnits } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { oweBalanceCheck } from './pending-wakes';
import { voidUnpaidPurchase } from './purchased-credits';
import { announce, takeOutCredits, type TransactionContext } from './wallet-credits';
import type { WalletRecord, WalletSql, WalletTransactionRecord } from './wallet-records';
import {
  failPendingTransaction,
  insertWalletTransaction,
  lockWallet,
  moveBalance,
  readInvoiceTransactions,
  settleUnpaidPurchase,
} from './wallet-store';

/** The invoice that sells credits, as finalized. */
export interface PurchaseInvoice {
  id: string;
  status: 'OPEN' | 'PAID';
}

/**
 * Paid credits bought on a finalized credit-purchase invoice: an INBOUND PURCHASE transaction of PAID credits. It
 * settles at once (a lot, in the balance), or stays PENDING until the invoice is paid when the wallet requires a
 * successful payment; an invoice with nothing to pay is paid already. Call with the wallet locked.
 */
export async function recordCreditPurchase(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; credits: CreditUnits; invoice: PurchaseInvoice; context: TransactionContext },
): Promise<WalletTransactionRecord> {
  const { wallet, credits, invoice, context } = input;
  const settled = !wallet.invoiceRequiresSuccessfulPayment || invoice.status === 'PAID';
  const record = await insertWalletTransaction(sql, transaction, {
    ...context,
    walletId: wallet.id,
    transactionType: 'INBOUND',
    status: settled ? 'SETTLED' : 'PENDING',
    source: 'PURCHASE',
    creditKind: 'PAID',
    credits,
    amountMinor: creditsValue(credits, wallet.rate, wallet.currency),
    invoiceId: invoice.id,
  });
  if (settled) await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: credits, now: context.now });
  return announce(sql, transaction, record, context.now);
}

const purchasesOf = async (sql: WalletSql, transaction: SqlTransaction, invoiceId: string) =>
  (await readInvoiceTransactions(sql, transaction, invoiceId)).filter((each) => each.source === 'PURCHASE');

/**
 * The purchase invoice is PAID: its PENDING purchases settle into the balance, and so do those that FAILED when it
 * was written off (UNCOLLECTIBLE): paid after all, the customer gets what the money bought. Credits bought for a
 * wallet terminated meanwhile are settled and voided at once (TERMINATION), as termination voids every credit.
 * Idempotent.
 */
export async function settleInvoicePurchases(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; now: Date },
): Promise<void> {
  for (const purchase of await purchasesOf(sql, transaction, input.invoiceId)) {
    if (purchase.status !== 'PENDING' && purchase.status !== 'FAILED') continue;
    const wallet = await lockWallet(sql, transaction, purchase.walletId);
    if (wallet === undefined) throw new Error(`wallet ${purchase.walletId} of transaction ${purchase.id} is gone`);
    if (!(await settleUnpaidPurchase(sql, transaction, { transactionId: purchase.id, now: input.now }))) continue;
    await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: purchase.credits, now: input.now });
    await oweBalanceCheck(sql, transaction, wallet);
    if (wallet.status === 'TERMINATED') {
      const settled = { ...wallet, creditsBalance: wallet.creditsBalance + purchase.credits };
      const context = { now: input.now };
      await takeOutCredits(sql, transaction, {
        wallet: settled,
        credits: purchase.credits,
        source: 'TERMINATION',
        context,
      });
    }
  }
}

/**
 * The purchase invoice will not be paid (VOIDED or UNCOLLECTIBLE): PENDING purchases become FAILED and never reach
 * the balance. Credits that settled at once on a voided invoice were never paid for: what is left of those very
 * credits (the purchase's own lots; other credits stay) is voided (source VOID). Idempotent.
 */
export async function failInvoicePurchases(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; voided: boolean; now: Date },
): Promise<void> {
  const purchases = await purchasesOf(sql, transaction, input.invoiceId);
  for (const purchase of purchases) {
    const wallet = await lockWallet(sql, transaction, purchase.walletId);
    if (wallet === undefined) throw new Error(`wallet ${purchase.walletId} of transaction ${purchase.id} is gone`);
    // A PENDING purchase that fails may let the THRESHOLD rule fire again; a settled one taken back lowers the balance.
    if (purchase.status === 'PENDING') await failPendingTransaction(sql, transaction, purchase.id);
    else if (purchase.status === 'SETTLED' && input.voided)
      await voidUnpaidPurchase(sql, transaction, { invoiceId: input.invoiceId, now: input.now });
    else continue;
    await oweBalanceCheck(sql, transaction, wallet);
  }
}
