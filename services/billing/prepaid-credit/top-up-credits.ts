import { topUpCredits, type CreditUnits, type RecurringTopUp } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { InvoiceSql } from '../invoices';
import type { UsageSql } from '../usage-pricing';
import {
  claimTopUpFiring,
  grantCredits,
  recordFiringInvoice,
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
 * paid credits sold on a credit-purchase invoice (`sellCredits`: PENDING until paid when the wallet requires a
 * payment), granted credits settled at once. Returns the purchase invoice, whose checkout is then owed.
 */
export async function topUpWallet(
  sql: TopUpWalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; rule: RecurringTopUp; firing: TopUpFiring; ongoingCredits: CreditUnits; now: Date },
): Promise<{ invoiceId: string | null } | undefined> {
  const { wallet, firing } = input;
  if (!(await claimTopUpFiring(sql, transaction, { ...firing, now: input.now }))) return undefined;
  const credits = topUpCredits(input.rule, input.ongoingCredits);
  if (credits === undefined) return { invoiceId: null };
  const context = { trigger: firing.trigger, metadata: { topUp: firing.key }, now: input.now };
  let invoiceId: string | null = null;
  if (credits.paidCredits > 0n) {
    const bought = await sellCredits(sql)(transaction, { wallet, credits: credits.paidCredits, context });
    invoiceId = bought.invoiceId;
    if (invoiceId !== null) await recordFiringInvoice(sql, transaction, { ...firing, invoiceId });
  }
  if (credits.grantedCredits > 0n) {
    await grantCredits(sql, transaction, { wallet, credits: credits.grantedCredits, context });
  }
  return { invoiceId };
}
