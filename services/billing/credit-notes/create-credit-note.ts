import {
  creditNoteAmount,
  fitsInvoiceTotal,
  refuseInvoiceForCredit,
  type CreditNoteReason,
} from '../../../domain/credit-notes';
import { formatMajorUnits } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import { newId } from '../../../infra/ids';
import { refusal, writeItems, type CreditNoteOutcome, type CreditNoteSql } from './credit-note-records';
import { creditedSoFar, draftedSoFar, lockInvoice, type LockedInvoice } from './credited-invoice';
import { lockInvoicePurchase } from '../wallets';
import { finalizeLocked, mustRead } from './finalize-credit-note';

export type { CreditNoteOutcome, CreditNoteRecord } from './credit-note-records';

export interface NewCreditNote {
  invoiceId: string;
  reason: CreditNoteReason;
  amountMinor?: bigint; // either an amount …
  items?: { description: string; amountMinor: bigint }[]; // … or items (amount = their sum)
  description?: string | null;
  finalize: boolean; // the API creates DRAFTs; the subscription workflow issues FINALIZED ones
  idempotencyKey?: string; // same key again → returns the credit note already made
  // Books money a refund already returned (CONTRACT §11): PAID invoices only, and none of it becomes customer credit.
  refunded?: boolean;
  now: Date;
}

/** The refusal when `amountMinor` more would take the invoice's live credit notes past its total. */
export async function checkCap(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  // `refunded`: a refund's note, whose refund took the bought credits back already.
  check: { invoice: LockedInvoice; amountMinor: bigint; exceptId: string | null; refunded?: boolean },
): Promise<CreditNoteOutcome | undefined> {
  const { invoice, amountMinor } = check;
  const otherNotesMinor = await creditedSoFar(sql, transaction, invoice.id, check.exceptId);
  const money = (amount: bigint) => formatMajorUnits({ amount, currency: invoice.currency });
  const overPurchase =
    check.refunded === true ? undefined : await checkPurchaseCap(sql, transaction, { ...check, money });
  if (overPurchase !== undefined) return overPurchase;
  if (fitsInvoiceTotal({ invoiceTotalMinor: invoice.totalMinor, otherNotesMinor, amountMinor })) return undefined;
  const left = invoice.totalMinor - otherNotesMinor;
  return refusal(
    'credit_exceeds_invoice_total',
    `Credit notes of invoice ${invoice.id} would exceed its total ${money(invoice.totalMinor)} ${invoice.currency}: ` +
      `${money(left > 0n ? left : 0n)} can still be credited, ${money(amountMinor)} was asked`,
  );
}

/**
 * A credit-purchase invoice is credited only as far as its bought credits are still in the wallet (the note voids
 * them at finalize): at most their value, less the DRAFT notes that will void some of them too.
 */
async function checkPurchaseCap(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  check: { invoice: LockedInvoice; amountMinor: bigint; exceptId: string | null; money: (amount: bigint) => string },
): Promise<CreditNoteOutcome | undefined> {
  const { invoice, amountMinor, money } = check;
  const purchased = await lockInvoicePurchase(sql, transaction, invoice.id);
  if (purchased === undefined) return undefined;
  const draftsMinor = await draftedSoFar(sql, transaction, invoice.id, check.exceptId);
  const left = purchased.valueMinor - draftsMinor;
  if (amountMinor <= left) return undefined;
  return refusal(
    'credit_exceeds_invoice_total',
    `Invoice ${invoice.id} sold wallet credits: a credit note takes them back, and only ` +
      `${money(left > 0n ? left : 0n)} ${invoice.currency} of them can still be credited, ${money(amountMinor)} was asked`,
  );
}

async function findByIdempotencyKey(
  sql: CreditNoteSql,
  key: string,
  transaction?: SqlTransaction,
): Promise<CreditNoteOutcome | undefined> {
  const row = await sql.one<{ id: string }>(
    `select id from ${sql.table('credit_notes')} where idempotency_key = ?`,
    [key],
    transaction,
  );
  if (row === undefined) return undefined;
  return { ok: true, value: await mustRead(sql, transaction, row.id) };
}

async function insertNote(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  insert: { note: NewCreditNote; invoice: LockedInvoice; amountMinor: bigint },
): Promise<string> {
  const { note, invoice } = insert;
  const id = newId('creditNote');
  await sql.query(
    `insert into ${sql.table('credit_notes')} (id, invoice_id, customer_id, currency, reason, description, amount_minor,
       status, idempotency_key, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?::bigint, 'DRAFT', ?, ?, ?)`,
    [
      id,
      invoice.id,
      invoice.customerId,
      invoice.currency,
      note.reason,
      note.description ?? null,
      insert.amountMinor.toString(),
      note.idempotencyKey ?? null,
      note.now,
      note.now,
    ],
    transaction,
  );
  await writeItems(sql, transaction, id, note.items ?? []);
  return id;
}

async function createLocked(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  note: NewCreditNote,
  amountMinor: bigint,
): Promise<CreditNoteOutcome> {
  const invoice = await lockInvoice(sql, transaction, note.invoiceId);
  if (invoice === undefined) return refusal('invoice_not_found', `Invoice ${note.invoiceId} not found`);
  // Same key, same invoice: the first transaction holds the invoice lock, so this sees its committed note.
  const made =
    note.idempotencyKey === undefined ? undefined : await findByIdempotencyKey(sql, note.idempotencyKey, transaction);
  if (made !== undefined) return made;
  const why = refuseInvoiceForCredit(invoice.status);
  if (why !== undefined) return refusal('invalid_state_transition', why);
  if (note.refunded === true && invoice.status !== 'PAID') {
    return refusal(
      'invalid_state_transition',
      `A refund's credit note needs a PAID invoice; ${invoice.id} is ${invoice.status}`,
    );
  }
  const refunded = note.refunded === true;
  const overCap = await checkCap(sql, transaction, { invoice, amountMinor, exceptId: null, refunded });
  if (overCap !== undefined) return overCap;
  const id = await insertNote(sql, transaction, { note, invoice, amountMinor });
  if (note.finalize) {
    const finalizing = { note: await mustRead(sql, transaction, id), invoice, now: note.now };
    await finalizeLocked(sql, transaction, { ...finalizing, grantCredit: note.refunded !== true });
  }
  return { ok: true, value: await mustRead(sql, transaction, id) };
}

/**
 * Creates a credit note against an OPEN or PAID invoice, as a DRAFT or (`finalize`) at once FINALIZED. The invoice
 * row is locked first, so concurrent creates see each other's notes and never credit more than the invoice total.
 * With an idempotency key a retry returns the note already made, whatever its state now.
 */
export async function createCreditNote(sql: CreditNoteSql, note: NewCreditNote): Promise<CreditNoteOutcome> {
  const amountMinor = creditNoteAmount(note);
  if (amountMinor === undefined) throw new Error('a credit note needs exactly one of a positive amount and items');
  try {
    return await sql.transactional((transaction) => createLocked(sql, transaction, note, amountMinor));
  } catch (error) {
    if (note.idempotencyKey === undefined || !isUniqueViolation(error, 'credit_notes_idempotency_key_unique')) {
      throw error;
    }
    const made = await findByIdempotencyKey(sql, note.idempotencyKey);
    if (made === undefined) throw error;
    return made;
  }
}
