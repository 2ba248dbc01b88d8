export { creditNoteCounterName, formatCreditNoteNumber, formatTestClockCreditNoteNumber } from './credit-note-number';
export {
  CREDIT_NOTE_REASONS,
  CREDIT_NOTE_STATUSES,
  creditNoteAmount,
  fitsInvoiceTotal,
  refuseCreditNoteTransition,
  refuseInvoiceForCredit,
  type CreditNoteAction,
  type CreditNoteItemInput,
  type CreditNoteReason,
  type CreditNoteStatus,
} from './credit-note-rules';
export {
  settleFinalizedCreditNote,
  settleVoidedCreditNote,
  type CreditedInvoice,
  type CreditSettlement,
  type VoidSettlement,
} from './credit-note-settlement';
