import type { CreditKind, CreditLot, CreditUnits, LotTake } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import {
  toWalletRecord,
  toWalletTransactionRecord,
  TRANSACTION_COLUMNS,
  WALLET_COLUMNS,
  type WalletRecord,
  type WalletRow,
  type WalletSql,
  type WalletTransactionRecord,
  type WalletTransactionRow,
  type WalletTransactionSource,
  type WalletTransactionStatus,
  type WalletTransactionTrigger,
  type WalletTransactionType,
} from './wallet-records';

/** The wallet with its row locked for the rest of the transaction: every balance change holds this lock. */
export async function lockWallet(
  sql: WalletSql,
  transaction: SqlTransaction,
  walletId: string,
): Promise<WalletRecord | undefined> {
  const row = await sql.one<WalletRow>(
    `select ${WALLET_COLUMNS} from ${sql.table('wallets')} where id = ? for update`,
    [walletId],
    transaction,
  );
  return row === undefined ? undefined : toWalletRecord(row);
}

/** The wallet, or undefined when the tenant has none of that id. */
export async function findWallet(
  sql: WalletSql,
  walletId: string,
  transaction?: SqlTransaction,
): Promise<WalletRecord | undefined> {
  const row = await sql.one<WalletRow>(
    `select ${WALLET_COLUMNS} from ${sql.table('wallets')} where id = ?`,
    [walletId],
    transaction,
  );
  return row === undefined ? undefined : toWalletRecord(row);
}

export interface NewWalletTransaction {
  walletId: string;
  transactionType: WalletTransactionType;
  status: WalletTransactionStatus;
  source: WalletTransactionSource;
  /** INBOUND only, but for an invoice void's return: what the credits are (their lot is taken granted before paid). */
  creditKind: CreditKind | null;
  credits: CreditUnits;
  amountMinor: bigint;
  invoiceId?: string | null;
  trigger?: WalletTransactionTrigger;
  name?: string | null;
  metadata?: Record<string, string>;
  /** The request that made it, when its caller gave a key: a repeat of the request finds it (see findRequestTransactions). */
  requestKey?: string;
  now: Date;
}

/**
 * Inserts a transaction; a SETTLED INBOUND one with a credit kind is a lot holding all its credits (an invoice void's
 * return has none: its credits go back into the lots they were taken from).
 */
export async function insertWalletTransaction(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: NewWalletTransaction,
): Promise<WalletTransactionRecord> {
  const settled = input.status === 'SETTLED';
  const lot = settled && input.transactionType === 'INBOUND' && input.creditKind !== null;
  const row = await sql.oneOrFail<{ id: string }>(
    `insert into ${sql.table('wallet_transactions')} (id, wallet_id, transaction_type, status, source, credit_kind,
       credits, amount_minor, remaining_credits, invoice_id, trigger, name, metadata, request_key, settled_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?::bigint, ?::bigint, ?::bigint, ?, ?, ?, ?::jsonb, ?, ?, ?) returning id`,
    [
      newId('walletTransaction'),
      input.walletId,
      input.transactionType,
      input.status,
      input.source,
      input.creditKind,
      input.credits.toString(),
      input.amountMinor.toString(),
      lot ? input.credits.toString() : null,
      input.invoiceId ?? null,
      input.trigger ?? 'MANUAL',
      input.name ?? null,
      JSON.stringify(input.metadata ?? {}),
      input.requestKey ?? null,
      settled ? input.now : null,
      input.now,
    ],
    transaction,
  );
  const record = await readWalletTransaction(sql, row.id, transaction);
  if (record === undefined) throw new Error(`wallet transaction ${row.id} vanished inside its own transaction`);
  return record;
}

export async function readWalletTransaction(
  sql: WalletSql,
  transactionId: string,
  transaction?: SqlTransaction,
): Promise<WalletTransactionRecord | undefined> {
  const row = await sql.one<WalletTransactionRow>(
    `select ${TRANSACTION_COLUMNS} from ${sql.table('wallet_transactions')} as transaction
       join ${sql.table('wallets')} as wallet on wallet.id = transaction.wallet_id
      where transaction.id = ?`,
    [transactionId],
    transaction,
  );
  return row === undefined ? undefined : toWalletTransactionRecord(row);
}

/** The wallet's lots still holding credits (call with the wallet locked). */
export async function readLots(sql: WalletSql, transaction: SqlTransaction, walletId: string): Promise<CreditLot[]> {
  const rows = await sql.query<{ id: string; credit_kind: CreditKind; remaining_credits: string; settled_at: Date }>(
    `select id, credit_kind, remaining_credits, settled_at from ${sql.table('wallet_transactions')}
      where wallet_id = ? and remaining_credits > 0`,
    [walletId],
    transaction,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.credit_kind,
    remaining: BigInt(row.remaining_credits),
    settledAt: row.settled_at instanceof Date ? row.settled_at : new Date(row.settled_at),
  }));
}

/** Takes credits out of their lots for an OUTBOUND transaction and remembers which, so they can be put back. */
export async function recordTakes(
  sql: WalletSql,
  transaction: SqlTransaction,
  outboundId: string,
  takes: readonly LotTake[],
): Promise<void> {
  for (const take of takes) {
    await sql.query(
      `update ${sql.table('wallet_transactions')} set remaining_credits = remaining_credits - ?::bigint where id = ?`,
      [take.credits.toString(), take.lotId],
      transaction,
    );
    await sql.query(
      `insert into ${sql.table('wallet_transaction_takes')} (outbound_id, lot_id, credits) values (?, ?, ?::bigint)`,
      [outboundId, take.lotId, take.credits.toString()],
      transaction,
    );
  }
}

/**
 * Moves the wallet's balance by `creditsDelta` (and its consumed credits by `consumedDelta`): the one writer of
 * `credits_balance`, always in the transaction of the transaction row that explains it. It keeps the lowest balance a
 * void or another taking out of credits left since the last balance check, so that the check sees a fall it did not
 * witness (`readBalanceDip`).
 */
export async function moveBalance(
  sql: WalletSql,
  transaction: SqlTransaction,
  change: { walletId: string; creditsDelta: CreditUnits; consumedDelta?: CreditUnits; now: Date },
): Promise<void> {
  const consumed = change.consumedDelta ?? 0n;
  // A fall other than an invoice's consumption (which takes usage the check counted out of the usage as it takes it
  // out of the balance) is a dip the next check must see, even if the balance is made good before it runs. After a
  // consumption the usage the last check counted may be gone with the invoice: the next check measures against its
  // own.
  const dip = change.creditsDelta < 0n && consumed === 0n;
  await sql.query(
    `update ${sql.table('wallets')}
        set credits_balance = credits_balance + ?::bigint, consumed_credits = consumed_credits + ?::bigint,
            lowest_credits_balance = case when ?::boolean
              then least(coalesce(lowest_credits_balance, credits_balance), credits_balance + ?::bigint)
              else lowest_credits_balance end,
            checked_usage_minor = case when ?::boolean then null else checked_usage_minor end,
            updated_at = ?
      where id = ?`,
    [
      change.creditsDelta.toString(),
      consumed.toString(),
      dip,
      change.creditsDelta.toString(),
      consumed > 0n,
      change.now,
      change.walletId,
    ],
    transaction,
  );
}

/** The customer's ACTIVE wallet with its row locked, or undefined when it has none. */
export async function lockCustomerWallet(
  sql: WalletSql,
  transaction: SqlTransaction,
  customerId: string,
): Promise<WalletRecord | undefined> {
  const row = await sql.one<WalletRow>(
    `select ${WALLET_COLUMNS} from ${sql.table('wallets')} where customer_id = ? and status = 'ACTIVE' for update`,
    [customerId],
    transaction,
  );
  return row === undefined ? undefined : toWalletRecord(row);
}

/** What an earlier run of a keyed request made in the wallet, oldest first (call with the wallet locked). */
export async function findRequestTransactions(
  sql: WalletSql,
  transaction: SqlTransaction,
  request: { walletId: string; requestKey: string },
): Promise<WalletTransactionRecord[]> {
  const rows = await sql.query<WalletTransactionRow>(
    `select ${TRANSACTION_COLUMNS} from ${sql.table('wallet_transactions')} as transaction
       join ${sql.table('wallets')} as wallet on wallet.id = transaction.wallet_id
      where transaction.wallet_id = ? and transaction.request_key = ? order by transaction.created_at, transaction.id`,
    [request.walletId, request.requestKey],
    transaction,
  );
  return rows.map(toWalletTransactionRecord);
}

/** The transactions an invoice made in any wallet (its consumption, its purchase, their returns), oldest first. */
export async function readInvoiceTransactions(
  sql: WalletSql,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<WalletTransactionRecord[]> {
  const rows = await sql.query<WalletTransactionRow>(
    `select ${TRANSACTION_COLUMNS} from ${sql.table('wallet_transactions')} as transaction
       join ${sql.table('wallets')} as wallet on wallet.id = transaction.wallet_id
      where transaction.invoice_id = ? order by transaction.created_at, transaction.id`,
    [invoiceId],
    transaction,
  );
  return rows.map(toWalletTransactionRecord);
}

/** Puts back into their lots exactly the credits an OUTBOUND transaction took (an invoice void). */
export async function restoreTakes(sql: WalletSql, transaction: SqlTransaction, outboundId: string): Promise<void> {
  await sql.query(
    `update ${sql.table('wallet_transactions')} as lot set remaining_credits = lot.remaining_credits + take.credits
       from ${sql.table('wallet_transaction_takes')} as take
      where take.outbound_id = ? and lot.id = take.lot_id`,
    [outboundId],
    transaction,
  );
}

/**
 * A purchase whose invoice was paid settles: it becomes a lot of all its credits. PENDING, or FAILED when its invoice
 * was written off (UNCOLLECTIBLE) and then paid after all. Returns whether it was either.
 */
export async function settleUnpaidPurchase(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { transactionId: string; now: Date },
): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `update ${sql.table('wallet_transactions')}
        set status = 'SETTLED', settled_at = ?, remaining_credits = credits
      where id = ? and status in ('PENDING', 'FAILED') returning id`,
    [input.now, input.transactionId],
    transaction,
  );
  return rows.length > 0;
}

/** A PENDING purchase fails (its invoice was voided or written off); its credits never reach the balance. */
export async function failPendingTransaction(
  sql: WalletSql,
  transaction: SqlTransaction,
  transactionId: string,
): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `update ${sql.table('wallet_transactions')} set status = 'FAILED' where id = ? and status = 'PENDING' returning id`,
    [transactionId],
    transaction,
  );
  return rows.length > 0;
}

/** What is left of a lot; 0 for a transaction that is no lot (PENDING or FAILED purchases). */
export async function readLotRemaining(
  sql: WalletSql,
  transaction: SqlTransaction,
  lotId: string,
): Promise<CreditUnits> {
  const row = await sql.one<{ remaining: string | null }>(
    `select remaining_credits::text as remaining from ${sql.table('wallet_transactions')} where id = ?`,
    [lotId],
    transaction,
  );
  return BigInt(row?.remaining ?? '0');
}
