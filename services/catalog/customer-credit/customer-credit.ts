import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import {
  drawFromLots,
  giveBackToLots,
  insertCreditEntry,
  lockCustomer,
  openLots,
  type CustomerCreditSql,
} from './credit-lots';

export type { CustomerCreditSql } from './credit-lots';

export interface CreditGrant {
  customerId: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  /** The invoice the credit came from (a negative invoice, a voided invoice's payments) or was granted on. */
  invoiceId?: string;
  creditNoteId?: string;
  /** The payment whose money this credit is: only that payment's refunds may take it back. */
  paymentId?: string;
  /** The refund whose failure gave back money that had paid an invoice since voided. */
  refundId?: string;
}

/** The customer's credit balance in `currency` (the sum of the ledger); 0 when there was never any. */
export async function customerCreditBalance(
  sql: CustomerCreditSql,
  transaction: SqlTransaction | undefined,
  customerId: string,
  currency: CurrencyCode,
): Promise<bigint> {
  const row = await sql.one<{ balance: string | number }>(
    `select coalesce(sum(amount_minor), 0)::text as balance from ${sql.table('customer_credit_entries')}
      where customer_id = ? and currency = ?`,
    [customerId, currency],
    transaction,
  );
  return BigInt(row?.balance ?? 0);
}

/**
 * Gives back what an invoice consumed when it is voided, to the very lots it came from (so a payment's credit is
 * that payment's again, refundable by it and by nothing else); the caller holds the invoice locked, so this runs
 * once per invoice. Returns what it gave back.
 */
export async function returnConsumedCustomerCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  owner: { customerId: string; currency: CurrencyCode; invoiceId: string },
): Promise<bigint> {
  await lockCustomer(sql, transaction, owner.customerId);
  return giveBackToLots(sql, transaction, {
    column: 'invoice_id',
    value: owner.invoiceId,
    taking: 'consume',
    giving: 'restore',
    entryFor: (lotId, amountMinor) => ({ ...owner, kind: 'restore', amountMinor, lotId }),
  });
}

/** Opens a lot of credit: a negative invoice's excess, a credit note on a PAID invoice, a payment's excess. */
export async function grantCustomerCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  grant: CreditGrant,
): Promise<void> {
  if (grant.amountMinor <= 0n) throw new Error(`a credit grant must be positive, got ${grant.amountMinor}`);
  await lockCustomer(sql, transaction, grant.customerId);
  await insertCreditEntry(sql, transaction, { ...grant, kind: 'grant' });
}

/**
 * Takes back a credit note's grant when the note is voided (a `revoke` on its own lot). Only the note's own lot
 * counts: if any of it was consumed by an invoice, nothing is taken and the caller refuses the void. Returns whether
 * the grant was taken back.
 */
export async function revokeCreditNoteGrant(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  grant: { customerId: string; currency: CurrencyCode; creditNoteId: string; amountMinor: bigint },
): Promise<boolean> {
  if (grant.amountMinor <= 0n) return true;
  await lockCustomer(sql, transaction, grant.customerId);
  const lots = await openLots(sql, transaction, { where: 'g.credit_note_id = ?', params: [grant.creditNoteId] });
  const unused = lots.reduce((sum, lot) => sum + lot.unusedMinor, 0n);
  if (unused < grant.amountMinor) return false;
  await drawFromLots(sql, transaction, {
    lots,
    maxMinor: grant.amountMinor,
    entryFor: (lotId, amountMinor) => ({
      kind: 'revoke',
      customerId: grant.customerId,
      currency: grant.currency,
      amountMinor,
      lotId,
      creditNoteId: grant.creditNoteId,
    }),
  });
  return true;
}

/** What a credit note granted to customer credit (its grant), net of any take-back. */
export async function creditNoteGrantedMinor(
  sql: CustomerCreditSql,
  transaction: SqlTransaction | undefined,
  creditNoteId: string,
): Promise<bigint> {
  const row = await sql.one<{ granted: string | number }>(
    `select coalesce(sum(amount_minor), 0)::text as granted from ${sql.table('customer_credit_entries')}
      where credit_note_id = ? and kind in ('grant', 'revoke')`,
    [creditNoteId],
    transaction,
  );
  return BigInt(row?.granted ?? 0);
}
