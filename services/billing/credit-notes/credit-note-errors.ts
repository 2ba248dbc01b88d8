import { conflict, notFound } from '../../platform/errors';
import type { CreditNoteOutcome, CreditNoteRecord } from './credit-note-records';

/** The record of an outcome, or its refusal thrown as an AppError: unknown ids are not found, the rest conflicts. */
export function creditNoteValue(outcome: CreditNoteOutcome): CreditNoteRecord {
  if (outcome.ok) return outcome.value;
  const { error, message } = outcome;
  if (error === 'invoice_not_found' || error === 'credit_note_not_found') throw notFound(error, message);
  throw conflict(error, message);
}
