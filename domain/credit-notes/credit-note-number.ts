import { testClockNumberTag } from '../invoices/invoice-number';

const SEQUENCE_DIGITS = 6;

/** The per-tenant counter a year's credit note numbers come from; each year starts again at 1. */
export function creditNoteCounterName(year: number): string {
  return `credit_note:${year}`;
}

/** `CN-<YYYY>-<000001>` (CONTRACT §7); sequences beyond six digits keep every digit. */
export function formatCreditNoteNumber(year: number, sequence: bigint): string {
  return `CN-${year}-${sequence.toString().padStart(SEQUENCE_DIGITS, '0')}`;
}

/** A test clock customer's credit note: `CN-TEST-<clock tag>-<000001>`, in the clock's own sequence. */
export function formatTestClockCreditNoteNumber(clockId: string, sequence: bigint): string {
  return `CN-TEST-${testClockNumberTag(clockId)}-${sequence.toString().padStart(SEQUENCE_DIGITS, '0')}`;
}
