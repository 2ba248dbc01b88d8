import type { CreditNoteOutcome, CreditNoteRecord } from '../../../services/credit-notes';
import { conflict, notFound } from '../../http/app-error';

/** The record of an outcome, or its refusal as the HTTP error: unknown ids 404, every other refusal 409. */
export function valueOf(outcome: CreditNoteOutcome): CreditNoteRecord {
  if (outcome.ok) return outcome.value;
  const { error, message } = outcome;
  if (error === 'invoice_not_found' || error === 'credit_note_not_found') throw notFound(error, message);
  throw conflict(error, message);
}
