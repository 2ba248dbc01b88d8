import type { CreditUnits } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TransactionContext } from './wallet-credits';
import type { WalletRecord, WalletTransactionRecord } from './wallet-records';

/**
 * Sells paid credits for a wallet the transaction holds locked: issues the purchase invoice and records the PURCHASE
 * transaction (`recordCreditPurchase`). Handed in by billing/prepaid-credit, which may use invoices: wallets may
 * not, since invoices spend wallet credits.
 */
export type CreditSeller = (
  transaction: SqlTransaction,
  sale: { wallet: WalletRecord; credits: CreditUnits; context: TransactionContext },
) => Promise<WalletTransactionRecord>;

/** What a request that may carry paid credits needs: without a seller, paid credits are a programming error. */
export function requireSeller(seller: CreditSeller | undefined): CreditSeller {
  if (seller === undefined) throw new Error('paid credits were asked for without a credit seller');
  return seller;
}
