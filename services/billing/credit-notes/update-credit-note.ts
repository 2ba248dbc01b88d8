import { creditNoteAmount, refuseCreditNoteTransition, type CreditNoteReason } from '../../../domain/credit-notes';
import type { SqlTransaction } from '../../../infra/db/sql';
import {
  refusal,
  writeItems,
  type CreditNoteItemRecord,
  type CreditNoteOutcome,
  type CreditNoteRecord,
  type CreditNoteSql,
} from './credit-note-records';
import type { LockedInvoice } from './credited-invoice';
import { checkCap } from './create-credit-note';
import { lockNoteAndInvoice, mustRead } from './finalize-credit-note';

/** A PATCH: absent fields stay; a new amount replaces the items and new items replace the amount. */
export interface CreditNoteChange {
  reason?: CreditNoteReason;
  description?: string | null;
  amountMinor?: bigint;
  items?: CreditNoteItemRecord[];
  now: Date;
}

/** The note's amount and items after the change. */
function amountAfter(
  note: CreditNoteRecord,
  change: CreditNoteChange,
): { amountMinor: bigint; items: CreditNoteItemRecord[] } {
  if (change.items !== undefined) {
    const amountMinor = creditNoteAmount({ items: change.items });
    if (amountMinor === undefined) throw new Error('credit note items must be positive and not empty');
    return { amountMinor, items: change.items };
  }
  if (change.amountMinor !== undefined) return { amountMinor: change.amountMinor, items: [] };
  return { amountMinor: note.amountMinor, items: note.items };
}

async function writeChange(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  update: { note: CreditNoteRecord; invoice: LockedInvoice; change: CreditNoteChange },
): Promise<CreditNoteOutcome> {
  const { note, invoice, change } = update;
  const next = amountAfter(note, change);
  const overCap = await checkCap(sql, transaction, { invoice, amountMinor: next.amountMinor, exceptId: note.id });
  if (overCap !== undefined) return overCap;
  await sql.query(
    `update ${sql.table('credit_notes')} set reason = ?, description = ?, amount_minor = ?::bigint, updated_at = ?
      where id = ?`,
    [
      change.reason ?? note.reason,
      change.description === undefined ? note.description : change.description,
      next.amountMinor.toString(),
      change.now,
      note.id,
    ],
    transaction,
  );
  if (change.items !== undefined || change.amountMinor !== undefined) {
    await writeItems(sql, transaction, note.id, next.items);
  }
  return { ok: true, value: await mustRead(sql, transaction, note.id) };
}

/** PATCH /credit-notes/:id: only a DRAFT; a new amount is checked against the invoice's cap again. */
export async function updateCreditNote(
  sql: CreditNoteSql,
  creditNoteId: string,
  change: CreditNoteChange,
): Promise<CreditNoteOutcome> {
  return sql.transactional(async (transaction): Promise<CreditNoteOutcome> => {
    const locked = await lockNoteAndInvoice(sql, transaction, creditNoteId);
    if (locked === undefined) return refusal('credit_note_not_found', `Credit note ${creditNoteId} not found`);
    const why = refuseCreditNoteTransition(locked.note.status, 'update');
    if (why !== undefined) return refusal('invalid_state_transition', why);
    return writeChange(sql, transaction, { ...locked, change });
  });
}
