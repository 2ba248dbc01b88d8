import { topUpCredits, type CreditUnits, type RecurringTopUp } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { InvoiceSql } from '../invoices';
import type { UsageSql } from '../usage-pricing';
import {
  claimTopUpFiring,
  grantCredits,
  recordFiringInvoice,
  recordOwedPurchase,
  type TopUpFiring,
  type TopUpSql,
  type WalletRecord,
} from '../wallets';
import { sellCredits } from './sell-credits';

/** What a top-up reaches: the wallet, its purchase invoice, the usage its ongoing balance counts, its firings. */
export type TopUpWalletSql = InvoiceSql & UsageSql & TopUpSql;

/**
 * One firing of a rule, in the caller's transaction with the wallet locked: the firing is claimed (a firing claimed
 * before, by a retry or a replay, adds nothing), then its credits added as the rule says, with the rule's trigger:
 * granted credits settled at once; paid credits sold on a credit-purchase invoice (`sellCredits`: PENDING until paid
 * when the wallet requires a payment), at once when `invoice` is 'now', or, when it is 'later', recorded on the firing
 * for `issueOwedTopUpInvoices` to sell after this transaction commits (the invoice's number is then taken outside
 * it). Returns the purchase invoice made here, whose checkout is then owed, and whether one is owed later.
 */
export async function topUpWallet(
  sql: TopUpWalletSql,
  transaction: SqlTransaction,
  input: {
    wallet: WalletRecord;
    rule: RecurringTopUp;
    firing: TopUpFiring;
    ongoingCredits: CreditUnits;
    now: Date;
    invoice: 'now' | 'later';
  },
): Promise<{ invoiceId: string | null; invoiceOwed: boolean } | undefined> {
  const { wallet, firing } = input;
  if (!(await claimTopUpFiring(sql, transaction, { ...firing, now: input.now }))) return undefined;
  const credits = topUpCredits(input.rule, input.ongoingCredits);
  if (credits === undefined) return { invoiceId: null, invoiceOwed: false };
  const context = { trigger: firing.trigger, metadata: { topUp: firing.key }, now: input.now };
  let invoiceId: string | null = null;
  const invoiceOwed = credits.paidCredits > 0n && input.invoice === 'later';
  if (invoiceOwed) {
    await recordOwedPurchase(sql, transaction, { ...firing, paidCredits: credits.paidCredits });
  } else if (credits.paidCredits > 0n) {
    invoiceId = await sellFiringCredits(sql, transaction, {
      wallet,
      firing,
      paidCredits: credits.paidCredits,
      now: input.now,
    });
  }
  if (credits.grantedCredits > 0n) {
    await grantCredits(sql, transaction, { wallet, credits: credits.grantedCredits, context });
  }
  return { invoiceId, invoiceOwed };
}

/** Sells the firing's paid credits on their purchase invoice and notes the invoice on the firing; its id. */
export async function sellFiringCredits(
  sql: TopUpWalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; firing: TopUpFiring; paidCredits: CreditUnits; now: Date },
): Promise<string | null> {
  const { wallet, firing } = input;
  const context = { trigger: firing.trigger, metadata: { topUp: firing.key }, now: input.now };
  const bought = await sellCredits(sql)(transaction, { wallet, credits: input.paidCredits, context });
  if (bought.invoiceId !== null)
    await recordFiringInvoice(sql, transaction, { ...firing, invoiceId: bought.invoiceId });
  return bought.invoiceId;
}
