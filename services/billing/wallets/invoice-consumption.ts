import { consumeWallet } from '../../../domain/wallets';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { announce, takeOutCredits } from './wallet-credits';
import type { WalletSql } from './wallet-records';
import {
  insertWalletTransaction,
  lockCustomerWallet,
  lockWallet,
  moveBalance,
  readInvoiceTransactions,
  readLots,
  recordTakes,
  restoreTakes,
} from './wallet-store';

/**
 * At an invoice's finalize, after customer credit: the customer's ACTIVE wallet in the invoice's currency pays what it
 * can of `dueMinor` (granted before paid credits, oldest first), recorded as an OUTBOUND INVOICE transaction. Returns
 * the amount paid, 0 when there is no such wallet or nothing in it. Call with the invoice locked: the wallet is
 * locked after it, the order every writer of both takes.
 */
export async function consumeWalletForInvoice(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { customerId: string; currency: CurrencyCode; invoiceId: string; dueMinor: bigint; now: Date },
): Promise<bigint> {
  if (input.dueMinor <= 0n) return 0n;
  const wallet = await lockCustomerWallet(sql, transaction, input.customerId);
  if (wallet === undefined || wallet.currency !== input.currency) return 0n;
  const lots = await readLots(sql, transaction, wallet.id);
  const funds = { walletId: wallet.id, rate: wallet.rate, currency: wallet.currency, lots };
  const consumption = consumeWallet(funds, input.dueMinor, input.currency);
  if (consumption === undefined) return 0n;
  const record = await insertWalletTransaction(sql, transaction, {
    walletId: wallet.id,
    transactionType: 'OUTBOUND',
    status: 'SETTLED',
    source: 'INVOICE',
    creditKind: null,
    credits: consumption.credits,
    amountMinor: consumption.amountMinor,
    invoiceId: input.invoiceId,
    now: input.now,
  });
  await recordTakes(sql, transaction, record.id, consumption.takes);
  const credits = consumption.credits;
  await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: -credits, consumedDelta: credits });
  await announce(sql, transaction, record, input.now);
  return consumption.amountMinor;
}

/**
 * Voiding an invoice gives back every wallet credit it consumed, into the very lots it took them from: an INBOUND
 * INVOICE_VOID transaction of the same credits and amount. A wallet terminated since then gets them back and voids
 * them at once (TERMINATION), so a terminated wallet keeps a zero balance and the ledger still explains every credit.
 * Runs once per invoice: a return already made is not made again.
 */
export async function returnInvoiceConsumption(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; now: Date },
): Promise<void> {
  const made = await readInvoiceTransactions(sql, transaction, input.invoiceId);
  if (made.some((each) => each.source === 'INVOICE_VOID')) return;
  for (const consumed of made.filter((each) => each.source === 'INVOICE')) {
    const wallet = await lockWallet(sql, transaction, consumed.walletId);
    if (wallet === undefined) throw new Error(`wallet ${consumed.walletId} of transaction ${consumed.id} is gone`);
    await restoreTakes(sql, transaction, consumed.id);
    const record = await insertWalletTransaction(sql, transaction, {
      walletId: wallet.id,
      transactionType: 'INBOUND',
      status: 'SETTLED',
      source: 'INVOICE_VOID',
      creditKind: null,
      credits: consumed.credits,
      amountMinor: consumed.amountMinor,
      invoiceId: input.invoiceId,
      now: input.now,
    });
    const credits = consumed.credits;
    await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: credits, consumedDelta: -credits });
    await announce(sql, transaction, record, input.now);
    if (wallet.status === 'TERMINATED')
      await voidReturnedCredits(sql, transaction, { walletId: wallet.id, now: input.now });
  }
}

async function voidReturnedCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { walletId: string; now: Date },
): Promise<void> {
  const wallet = await lockWallet(sql, transaction, input.walletId);
  if (wallet === undefined || wallet.creditsBalance === 0n) return;
  const context = { now: input.now };
  await takeOutCredits(sql, transaction, { wallet, credits: wallet.creditsBalance, source: 'TERMINATION', context });
}
