export { createCreditNote } from './create-credit-note';
export { creditNoteValue } from './credit-note-errors';
export { creditedOn, listCreditNotes, listSubscriptionChangeCreditNoteIds } from './credit-note-queries';
export { findCreditNote } from './credit-note-records';
export {
  changeRequestedCreditNote,
  createRequestedCreditNote,
  finalizeRequestedCreditNote,
  voidRequestedCreditNote,
} from './credit-note-request';
export { creditNoteView } from './credit-note-view';
export { finalizeCreditNote } from './finalize-credit-note';
export { voidCreditNote } from './void-credit-note';
export { deleteCustomersCreditNotes } from './customer-removal';
export { findCreditNoteDocument } from './credit-note-document-source';
