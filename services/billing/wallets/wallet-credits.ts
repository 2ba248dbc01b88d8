import { creditsValue, takeCredits, type CreditUnits } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { recordCustomerEvent } from '../../catalog/customers';
import { walletError } from './wallet-errors';
import type {
  WalletRecord,
  WalletSql,
  WalletTransactionRecord,
  WalletTransactionSource,
  WalletTransactionTrigger,
} from './wallet-records';
import { findWallet, insertWalletTransaction, moveBalance, readLots, recordTakes } from './wallet-store';
import { walletTransactionView } from './wallet-view';

/** Who asked and why, carried onto every transaction a request makes. */
export interface TransactionContext {
  trigger?: WalletTransactionTrigger;
  name?: string | null;
  metadata?: Record<string, string>;
  /** The key of the request making the transaction, kept on it so a repeat of the request acts once. */
  requestKey?: string;
  now: Date;
}

/** `wallet.transaction.created` for a transaction just made, in its transaction. */
export async function announce(
  sql: WalletSql,
  transaction: SqlTransaction,
  record: WalletTransactionRecord,
  now: Date,
): Promise<WalletTransactionRecord> {
  const wallet = await findWallet(sql, record.walletId, transaction);
  if (wallet === undefined) throw new Error(`wallet ${record.walletId} of transaction ${record.id} is gone`);
  await recordCustomerEvent(sql, transaction, {
    type: 'wallet.transaction.created',
    customerId: wallet.customerId,
    data: walletTransactionView(record),
    occurredAt: now,
  });
  return record;
}

/** Granted credits settle at once: an INBOUND GRANT lot worth credits × rate (call with the wallet locked). */
export async function grantCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; credits: CreditUnits; context: TransactionContext },
): Promise<WalletTransactionRecord> {
  const { wallet, credits, context } = input;
  const record = await insertWalletTransaction(sql, transaction, {
    ...context,
    walletId: wallet.id,
    transactionType: 'INBOUND',
    status: 'SETTLED',
    source: 'GRANT',
    creditKind: 'GRANTED',
    credits,
    amountMinor: creditsValue(credits, wallet.rate, wallet.currency),
  });
  await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: credits, now: context.now });
  return announce(sql, transaction, record, context.now);
}

/**
 * Takes credits out of the wallet, granted before paid and oldest first: a void (VOID), the rest at expiry
 * (EXPIRATION) or deletion (TERMINATION). More than the balance is `insufficient_wallet_credits`. Call with the
 * wallet locked.
 */
export async function takeOutCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: {
    wallet: WalletRecord;
    credits: CreditUnits;
    source: Extract<WalletTransactionSource, 'VOID' | 'EXPIRATION' | 'TERMINATION'>;
    context: TransactionContext;
  },
): Promise<WalletTransactionRecord> {
  const { wallet, credits, context } = input;
  const takes = takeCredits(await readLots(sql, transaction, wallet.id), credits);
  if (takes === undefined || credits > wallet.creditsBalance) {
    throw walletError({ code: 'insufficient_wallet_credits', balance: wallet.creditsBalance }, wallet.id);
  }
  const record = await insertWalletTransaction(sql, transaction, {
    ...context,
    walletId: wallet.id,
    transactionType: 'OUTBOUND',
    status: 'SETTLED',
    source: input.source,
    creditKind: null,
    credits,
    amountMinor: creditsValue(credits, wallet.rate, wallet.currency),
  });
  await recordTakes(sql, transaction, record.id, takes);
  await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: -credits, now: context.now });
  return announce(sql, transaction, record, context.now);
}
