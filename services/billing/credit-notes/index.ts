export { createCreditNote, type NewCreditNote } from './create-credit-note';
export { creditNoteValue } from './credit-note-errors';
export { findCreditNote, listCreditNotes } from './credit-note-queries';
export type { CreditNoteItemRecord, CreditNoteRecord } from './credit-note-records';
export { creditNoteView } from './credit-note-view';
export { finalizeCreditNote } from './finalize-credit-note';
export { updateCreditNote, type CreditNoteChange } from './update-credit-note';
export { voidCreditNote } from './void-credit-note';
