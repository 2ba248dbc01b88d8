import { creditsCovering, creditsValue, type CreditUnits } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { announce } from './wallet-credits';
import type { WalletRecord, WalletSql } from './wallet-records';
import {
  insertWalletTransaction,
  lockWallet,
  moveBalance,
  readInvoiceTransactions,
  readLotRemaining,
  recordTakes,
} from './wallet-store';

/** What a credit-purchase invoice sold that is still in its wallet. */
export interface PurchasedCredits {
  wallet: WalletRecord;
  /** The PURCHASE transaction: its lot, when SETTLED. */
  lotId: string;
  /** Credits of that lot not yet spent, voided or expired (0 while PENDING, or once FAILED). */
  remainingCredits: CreditUnits;
  /** What they are worth at the wallet's rate, rounded once. */
  valueMinor: bigint;
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
  const purchase = (await readInvoiceTransactions(sql, transaction, invoiceId)).find(
    (each) => each.source === 'PURCHASE',
  );
  if (purchase === undefined) return undefined;
  const wallet = await lockWallet(sql, transaction, purchase.walletId);
  if (wallet === undefined) throw new Error(`wallet ${purchase.walletId} of transaction ${purchase.id} is gone`);
  const remainingCredits = await readLotRemaining(sql, transaction, purchase.id);
  const valueMinor = creditsValue(remainingCredits, wallet.rate, wallet.currency);
  return { wallet, lotId: purchase.id, remainingCredits, valueMinor };
}

/**
 * A credit note on a credit-purchase invoice takes back what it credits: the fewest of the invoice's bought credits
 * worth `amountMinor` (never more than are left of them) leave the wallet as an OUTBOUND VOID transaction. Nothing
 * for an invoice that sold no credits.
 */
export async function voidPurchasedCredits(
  sql: WalletSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; amountMinor: bigint; creditNoteId: string; now: Date },
): Promise<void> {
  const purchased = await lockInvoicePurchase(sql, transaction, input.invoiceId);
  if (purchased === undefined) return;
  const { wallet } = purchased;
  const covering = creditsCovering(input.amountMinor, wallet.rate, wallet.currency);
  const credits = covering < purchased.remainingCredits ? covering : purchased.remainingCredits;
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
    name: 'Credit note',
    metadata: { creditNoteId: input.creditNoteId },
    now: input.now,
  });
  await recordTakes(sql, transaction, record.id, [{ lotId: purchased.lotId, kind: 'PAID', credits }]);
  await moveBalance(sql, transaction, { walletId: wallet.id, creditsDelta: -credits });
  await announce(sql, transaction, record, input.now);
}
