import type { WalletConsumption, WalletFunds } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { oweBalanceCheck } from './pending-wakes';
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
 * The customer's ACTIVE wallet as an invoice meets it at finalize (rate, currency, lots holding credits), its row
 * locked until the transaction ends so no concurrent consumption spends the same credits; undefined when the customer
 * has none. Lock order: the invoice, then the customer's credit, then this.
 */
export async function readWalletFunds(
  sql: WalletSql,
  transaction: SqlTransaction,
  customerId: string,
): Promise<WalletFunds | undefined> {
  const wallet = await lockCustomerWallet(sql, transaction, customerId);
  if (wallet === undefined) return undefined;
  const lots = await readLots(sql, transaction, wallet.id);
  return { walletId: wallet.id, rate: wallet.rate, currency: wallet.currency, lots };
}

/**
 * Records what an invoice takes from a wallet read by `readWalletFunds` in this transaction (the domain's finalize
 * step decided it): an OUTBOUND INVOICE transaction of its credits and amount, the credits out of the lots they came
 * from (so a void can put them back), the balance moved, and `wallet.transaction.created`.
 */
export async function recordWalletConsumption(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { consumption: WalletConsumption; invoiceId: string; now: Date },
): Promise<void> {
  const { consumption } = input;
  const record = await insertWalletTransaction(sql, transaction, {
    walletId: consumption.walletId,
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
  await moveBalance(sql, transaction, {
    walletId: consumption.walletId,
    creditsDelta: -credits,
    consumedDelta: credits,
    now: input.now,
  });
  await announce(sql, transaction, record, input.now);
  // Only an ACTIVE wallet is read for an invoice (`readWalletFunds`).
  await oweBalanceCheck(sql, transaction, { id: consumption.walletId, status: 'ACTIVE' });
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
    await moveBalance(sql, transaction, {
      walletId: wallet.id,
      creditsDelta: credits,
      consumedDelta: -credits,
      now: input.now,
    });
    await announce(sql, transaction, record, input.now);
    if (wallet.status === 'TERMINATED')
      await voidReturnedCredits(sql, transaction, { walletId: wallet.id, now: input.now });
    await oweBalanceCheck(sql, transaction, wallet);
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
