import {
  refuseCreditNoteTransition,
  refuseInvoiceForCredit,
  settleFinalizedCreditNote,
} from '../../../domain/credit-notes';
import type { SqlTransaction } from '../../../infra/db/sql';
import {
  findCreditNote,
  refusal,
  type CreditNoteOutcome,
  type CreditNoteRecord,
  type CreditNoteSql,
} from './credit-note-records';
import { takeCreditNoteNumber } from './credit-note-number';
import { applyCreditSettlement } from '../invoices';
import { lockInvoice, type LockedInvoice } from './credited-invoice';
import { grantCustomerCredit } from '../../catalog/customer-credit';
import { voidPurchasedCredits } from '../wallets';

/**
 * DRAFT → FINALIZED on rows already locked (invoice first, then the note): numbers the note, settles it against the
 * invoice (lower amount due, or customer credit for what nothing is owed on) and stamps `issuedAt`.
 */
export async function finalizeLocked(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  // `grantCredit: false`: a refund already gave the money back, so crediting the customer too would pay it twice.
  locked: { note: CreditNoteRecord; invoice: LockedInvoice; now: Date; grantCredit?: boolean },
): Promise<void> {
  const { note, invoice, now } = locked;
  const settlement = settleFinalizedCreditNote(invoice, note.amountMinor);
  await applyCreditSettlement(sql, transaction, { invoice, settlement, now });
  if (settlement.customerCreditMinor > 0n && locked.grantCredit !== false) {
    await grantCustomerCredit(sql, transaction, {
      customerId: note.customerId,
      currency: note.currency,
      amountMinor: settlement.customerCreditMinor,
      invoiceId: invoice.id,
      creditNoteId: note.id,
    });
  }
  // On a credit-purchase invoice the credit takes back the credits it sold; a refund's note (no credit granted) finds
  // them taken back already, by the refund.
  if (locked.grantCredit !== false) {
    const reversal = { creditNoteId: note.id };
    await voidPurchasedCredits(sql, transaction, {
      invoiceId: invoice.id,
      amountMinor: note.amountMinor,
      reversal,
      now,
    });
  }
  const number = await takeCreditNoteNumber(sql, transaction, { customerId: note.customerId, issuedAt: now });
  await sql.query(
    `update ${sql.table('credit_notes')} set status = 'FINALIZED', number = ?, issued_at = ?, updated_at = ?
      where id = ?`,
    [number, now, now, note.id],
    transaction,
  );
}

/**
 * Locks the invoice, then the credit note, in that order (the order every writer of these rows uses). Undefined
 * when the note does not exist; `invoice` is undefined only if the note's invoice vanished, which foreign keys forbid.
 */
export async function lockNoteAndInvoice(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  creditNoteId: string,
): Promise<{ note: CreditNoteRecord; invoice: LockedInvoice } | undefined> {
  const owner = await sql.one<{ invoice_id: string }>(
    `select invoice_id from ${sql.table('credit_notes')} where id = ?`,
    [creditNoteId],
    transaction,
  );
  if (owner === undefined) return undefined;
  const invoice = await lockInvoice(sql, transaction, owner.invoice_id);
  const note = await findCreditNote(sql, creditNoteId, { transaction, lock: true });
  if (invoice === undefined || note === undefined) return undefined;
  return { note, invoice };
}

/** POST /credit-notes/:id/finalize: only a DRAFT, and only while its invoice is still OPEN or PAID. */
export async function finalizeCreditNote(
  sql: CreditNoteSql,
  creditNoteId: string,
  now: Date,
): Promise<CreditNoteOutcome> {
  return sql.transactional(async (transaction): Promise<CreditNoteOutcome> => {
    const locked = await lockNoteAndInvoice(sql, transaction, creditNoteId);
    if (locked === undefined) return refusal('credit_note_not_found', `Credit note ${creditNoteId} not found`);
    const why =
      refuseCreditNoteTransition(locked.note.status, 'finalize') ?? refuseInvoiceForCredit(locked.invoice.status);
    if (why !== undefined) return refusal('invalid_state_transition', why);
    await finalizeLocked(sql, transaction, { ...locked, now });
    return { ok: true, value: await mustRead(sql, transaction, creditNoteId) };
  });
}

export async function mustRead(
  sql: CreditNoteSql,
  transaction: SqlTransaction | undefined,
  creditNoteId: string,
): Promise<CreditNoteRecord> {
  const record = await findCreditNote(sql, creditNoteId, transaction === undefined ? {} : { transaction });
  if (record === undefined) throw new Error(`credit note ${creditNoteId} vanished inside its own transaction`);
  return record;
}
