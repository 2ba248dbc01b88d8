import { creditsCovering, creditsValue, type CreditUnits, type LotTake } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { oweBalanceCheck } from './pending-wakes';
import { announce, takeOutCredits } from './wallet-credits';
import type { WalletRecord, WalletSql, WalletTransactionRecord } from './wallet-records';
import {
  insertWalletTransaction,
  lockWallet,
  moveBalance,
  readInvoiceTransactions,
  readLotRemaining,
  recordTakes,
} from './wallet-store';

/** A lot of credits a credit-purchase invoice sold, and what is left of it. */
interface PurchasedLot {
  id: string;
  remaining: CreditUnits;
}

/** What a credit-purchase invoice sold that is still in its wallet. */
export interface PurchasedCredits {
  wallet: WalletRecord;
  /** The invoice's SETTLED PURCHASE lots, oldest first (a failed refund's return is a lot of its own). */
  lots: PurchasedLot[];
  /** Their credits not yet spent, voided or expired (none while the purchase is PENDING, or once FAILED). */
  remainingCredits: CreditUnits;
  /** What they are worth at the wallet's rate, rounded once. */
  valueMinor: bigint;
}

/** Why bought credits leave: a credit note on their invoice, or a refund of the payment that paid it. */
export type PurchaseReversal = { creditNoteId: string } | { refundId: string };

const purchasesOf = async (sql: WalletSql, transaction: SqlTransaction, invoiceId: string) =>
  (await readInvoiceTransactions(sql, transaction, invoiceId)).filter((each) => each.source === 'PURCHASE');

/** Whether the invoice sold wallet credits (a credit-purchase invoice): a plain read, no wallet is locked. */
export async function invoiceSoldCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<boolean> {
  return (await purchasesOf(sql, transaction, invoiceId)).length > 0;
}

/**
 * The bought credits of a credit-purchase invoice still in the wallet, with the wallet locked (after the invoice, the
 * order every writer takes); undefined when the invoice sold no credits.
 */
export async function lockInvoicePurchase(
  sql: WalletSql,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<PurchasedCredits | undefined> {
  const purchases = await purchasesOf(sql, transaction, invoiceId);
  const first = purchases[0];
  if (first === undefined) return undefined;
  const wallet = await lockWallet(sql, transaction, first.walletId);
  if (wallet === undefined) throw new Error(`wallet ${first.walletId} of transaction ${first.id} is gone`);
  const lots: PurchasedLot[] = [];
  for (const purchase of purchases.filter((each) => each.status === 'SETTLED')) {
    lots.push({ id: purchase.id, remaining: await readLotRemaining(sql, transaction, purchase.id) });
  }
  const remainingCredits = lots.reduce((sum, lot) => sum + lot.remaining, 0n);
  return { wallet, lots, remainingCredits, valueMinor: creditsValue(remainingCredits, wallet.rate, wallet.currency) };
}

/** Takes `credits` from the purchase's lots, oldest first. */
function takesFrom(lots: readonly PurchasedLot[], credits: CreditUnits): LotTake[] {
  const takes: LotTake[] = [];
  let left = credits;
  for (const lot of lots) {
    if (left <= 0n) break;
    const taken = lot.remaining < left ? lot.remaining : left;
    if (taken > 0n) takes.push({ lotId: lot.id, kind: 'PAID', credits: taken });
    left -= taken;
  }
  return takes;
}

/**
 * Money given back for a credit-purchase invoice takes back what it bought: the fewest of its credits worth
 * `amountMinor` (never more than are left of them) leave the wallet as an OUTBOUND VOID transaction of the invoice,
 * naming the credit note or refund. Nothing for an invoice that sold no credits.
 */
export async function voidPurchasedCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; amountMinor: bigint; reversal: PurchaseReversal; now: Date },
): Promise<void> {
  const purchased = await lockInvoicePurchase(sql, transaction, input.invoiceId);
  if (purchased === undefined) return;
  const { wallet } = purchased;
  const covering = creditsCovering(input.amountMinor, wallet.rate, wallet.currency);
  const credits = covering < purchased.remainingCredits ? covering : purchased.remainingCredits;
  const name = 'creditNoteId' in input.reversal ? 'Credit note' : 'Refund';
  await takeBackPurchased(sql, transaction, { ...input, purchased, credits, name, metadata: { ...input.reversal } });
}

/**
 * A voided credit-purchase invoice will never be paid: what is left of the credits it sold (its own lots, whatever
 * else the wallet holds) leaves the wallet as an OUTBOUND VOID transaction of the invoice. Idempotent: once taken,
 * nothing of them is left.
 */
export async function voidUnpaidPurchase(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; now: Date },
): Promise<void> {
  const purchased = await lockInvoicePurchase(sql, transaction, input.invoiceId);
  if (purchased === undefined) return;
  const taking = { purchased, credits: purchased.remainingCredits, name: 'Purchase invoice voided', metadata: {} };
  await takeBackPurchased(sql, transaction, { ...input, ...taking });
}

async function takeBackPurchased(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: {
    invoiceId: string;
    purchased: PurchasedCredits;
    credits: CreditUnits;
    name: string;
    metadata: Record<string, string>;
    now: Date;
  },
): Promise<void> {
  const { wallet } = input.purchased;
  const credits = input.credits;
  if (credits <= 0n) return;
  const record = await insertWalletTransaction(sql, transaction, {
    walletId: wallet.id,
    transactionType: 'OUTBOUND',
    status: 'SETTLED',
    source: 'VOID',
    creditKind: null,
    credits,
    amountMinor: creditsValue(credits, wallet.rate, wallet.currency),
    invoiceId: input.invoiceId,
    name: input.name,
    metadata: input.metadata,
    now: input.now,
  });
  await recordTakes(sql, transaction, record.id, takesFrom(input.purchased.lots, credits));
  await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: -credits, now: input.now });
  await announce(sql, transaction, record, input.now);
  await oweBalanceCheck(sql, transaction, wallet);
}

const madeFor = (refundId: string) => (each: WalletTransactionRecord) => each.metadata.refundId === refundId;

/**
 * A refund that failed gives back the bought credits it had taken: they are bought again, a SETTLED PURCHASE lot of
 * the same credits and amount on the same invoice, naming the refund (once, however often the failure is applied).
 * A wallet terminated meanwhile voids them at once (TERMINATION), as termination voids every credit.
 */
export async function restoreRefundedCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; refundId: string; now: Date },
): Promise<void> {
  const made = (await readInvoiceTransactions(sql, transaction, input.invoiceId)).filter(madeFor(input.refundId));
  const voided = made.find((each) => each.source === 'VOID');
  if (voided === undefined || made.some((each) => each.source === 'PURCHASE')) return;
  const wallet = await lockWallet(sql, transaction, voided.walletId);
  if (wallet === undefined) throw new Error(`wallet ${voided.walletId} of transaction ${voided.id} is gone`);
  const record = await insertWalletTransaction(sql, transaction, {
    walletId: wallet.id,
    transactionType: 'INBOUND',
    status: 'SETTLED',
    source: 'PURCHASE',
    creditKind: 'PAID',
    credits: voided.credits,
    amountMinor: voided.amountMinor,
    invoiceId: input.invoiceId,
    name: 'Refund failed',
    metadata: { refundId: input.refundId },
    now: input.now,
  });
  await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: voided.credits, now: input.now });
  await announce(sql, transaction, record, input.now);
  await oweBalanceCheck(sql, transaction, wallet);
  if (wallet.status !== 'TERMINATED') return;
  const restored = { ...wallet, creditsBalance: wallet.creditsBalance + voided.credits };
  const context = { now: input.now };
  await takeOutCredits(sql, transaction, { wallet: restored, credits: voided.credits, source: 'TERMINATION', context });
}
