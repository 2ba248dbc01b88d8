import type { CreditUnits } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { requireSeller, type CreditSeller } from './credit-seller';
import { requireWorthWithinMoney } from './credits-worth';
import { oweBalanceCheck } from './pending-wakes';
import { grantCredits, takeOutCredits, type TransactionContext } from './wallet-credits';
import { walletError } from './wallet-errors';
import type { WalletRecord, WalletSql, WalletTransactionRecord } from './wallet-records';
import { findRequestTransactions, lockWallet } from './wallet-store';

export interface WalletTransactionRequest {
  walletId: string;
  paidCredits?: CreditUnits;
  grantedCredits?: CreditUnits;
  voidedCredits?: CreditUnits;
  context: TransactionContext;
}

/** The ACTIVE wallet, locked; unknown is `wallet_not_found`, TERMINATED `wallet_terminated`. */
export async function lockActiveWallet(
  sql: WalletSql,
  transaction: SqlTransaction,
  walletId: string,
): Promise<WalletRecord> {
  const wallet = await lockWallet(sql, transaction, walletId);
  if (wallet === undefined) throw walletError({ code: 'wallet_not_found' }, walletId);
  if (wallet.status !== 'ACTIVE') throw walletError({ code: 'wallet_terminated' }, walletId);
  return wallet;
}

/** Each kind of credits added is worth at most the money maximum at the wallet's rate. */
export function requireTopUpsWorth(
  request: { paidCredits?: CreditUnits; grantedCredits?: CreditUnits },
  wallet: { rate: WalletRecord['rate'] },
): void {
  for (const field of ['paidCredits', 'grantedCredits'] as const) {
    const credits = request[field];
    if (credits !== undefined) requireWorthWithinMoney({ credits, rate: wallet.rate, field });
  }
}

/**
 * POST /wallets/transactions: one transaction per kind given, in one database transaction under the wallet's lock,
 * top-ups before the void (so a request may grant and void in one go): paid credits (sold by `seller` on a purchase
 * invoice), then granted ones, then the void. A void above the balance refuses the whole request (409
 * `insufficient_wallet_credits`): nothing of it is kept, the purchase invoice neither. A request whose context has
 * a `requestKey` already used on this wallet makes nothing and answers what its first run made: the wallet's lock
 * makes a concurrent repeat wait for the first run, then find it. The wallet's workflow is owed a balance check.
 */
export async function addWalletTransactions(
  sql: WalletSql,
  request: WalletTransactionRequest,
  seller?: CreditSeller,
): Promise<WalletTransactionRecord[]> {
  return sql.transactional(async (transaction) => {
    const made: WalletTransactionRecord[] = [];
    const { context } = request;
    let wallet = await lockActiveWallet(sql, transaction, request.walletId);
    const { requestKey } = context;
    if (requestKey !== undefined) {
      const earlier = await findRequestTransactions(sql, transaction, { walletId: wallet.id, requestKey });
      if (earlier.length > 0) return earlier;
    }
    requireTopUpsWorth(request, wallet);
    if (request.paidCredits !== undefined && request.paidCredits > 0n) {
      made.push(await requireSeller(seller)(transaction, { wallet, credits: request.paidCredits, context }));
      wallet = await lockActiveWallet(sql, transaction, request.walletId);
    }
    if (request.grantedCredits !== undefined && request.grantedCredits > 0n) {
      made.push(await grantCredits(sql, transaction, { wallet, credits: request.grantedCredits, context }));
      wallet = await lockActiveWallet(sql, transaction, request.walletId);
    }
    if (request.voidedCredits !== undefined && request.voidedCredits > 0n) {
      const credits = request.voidedCredits;
      made.push(await takeOutCredits(sql, transaction, { wallet, credits, source: 'VOID', context }));
    }
    await oweBalanceCheck(sql, transaction, wallet);
    return made;
  });
}
