import { refuseCreditNoteTransition, settleVoidedCreditNote } from '../../../domain/credit-notes';
import { formatMajorUnits } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { refusal, type CreditNoteOutcome, type CreditNoteRecord, type CreditNoteSql } from './credit-note-records';
import { applyCreditSettlement } from '../invoices';
import type { LockedInvoice } from './credited-invoice';
import { creditNoteGrantedMinor, revokeCreditNoteGrant } from '../../catalog/customer-credit';
import { lockNoteAndInvoice, mustRead } from './finalize-credit-note';
import { invoiceSoldCredits } from '../wallets';

async function voidLocked(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  locked: { note: CreditNoteRecord; invoice: LockedInvoice; now: Date },
): Promise<CreditNoteOutcome> {
  const { note, invoice, now } = locked;
  if (await invoiceSoldCredits(sql, transaction, invoice.id)) {
    return refusal(
      'invalid_state_transition',
      `Credit note ${note.id} took back wallet credits its invoice sold; they may have been spent since, so it stays`,
    );
  }
  const grantedMinor = await creditNoteGrantedMinor(sql, transaction, note.id);
  const settled = settleVoidedCreditNote(invoice, { amountMinor: note.amountMinor, grantedMinor });
  if (!settled.ok) return refusal(settled.error, settled.message);
  const revoked = await revokeCreditNoteGrant(sql, transaction, {
    customerId: note.customerId,
    currency: note.currency,
    creditNoteId: note.id,
    amountMinor: grantedMinor,
  });
  if (!revoked) {
    const granted = formatMajorUnits({ amount: grantedMinor, currency: note.currency });
    return refusal(
      'credit_already_consumed',
      `The ${granted} ${note.currency} of customer credit this note granted has been partly spent on invoices`,
    );
  }
  await applyCreditSettlement(sql, transaction, { invoice, settlement: settled.value, now });
  await sql.query(
    `update ${sql.table('credit_notes')} set status = 'VOIDED', voided_at = ?, updated_at = ? where id = ?`,
    [now, now, note.id],
    transaction,
  );
  return { ok: true, value: await mustRead(sql, transaction, note.id) };
}

/**
 * POST /credit-notes/:id/void: FINALIZED → VOIDED, undoing the finalize. Refused (409) when the customer credit it
 * granted was already spent, or when its invoice was paid after the credit lowered the amount due.
 */
export async function voidCreditNote(sql: CreditNoteSql, creditNoteId: string, now: Date): Promise<CreditNoteOutcome> {
  return sql.transactional(async (transaction): Promise<CreditNoteOutcome> => {
    const locked = await lockNoteAndInvoice(sql, transaction, creditNoteId);
    if (locked === undefined) return refusal('credit_note_not_found', `Credit note ${creditNoteId} not found`);
    const why = refuseCreditNoteTransition(locked.note.status, 'void');
    if (why !== undefined) return refusal('invalid_state_transition', why);
    // Both refusals come before the first write, so a refused void changes nothing.
    return voidLocked(sql, transaction, { ...locked, now });
  });
}
