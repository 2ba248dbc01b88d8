import type { InvoiceStatus } from './invoice-status';

export type InvoiceAction = 'finalize' | 'void' | 'mark_paid';

export interface InvalidInvoiceTransition {
  code: 'invalid_state_transition';
  status: InvoiceStatus;
  action: InvoiceAction;
}

const ALLOWED: Readonly<Record<InvoiceAction, readonly InvoiceStatus[]>> = {
  finalize: ['DRAFT'],
  // A draft can be voided too (Stripe deletes drafts; voiding keeps the audit trail). Paid money needs a credit note.
  void: ['DRAFT', 'OPEN'],
  mark_paid: ['OPEN'],
};

/** Undefined when `action` may be taken on an invoice in `status`, otherwise the refusal. */
export function checkInvoiceTransition(
  status: InvoiceStatus,
  action: InvoiceAction,
): InvalidInvoiceTransition | undefined {
  return ALLOWED[action].includes(status) ? undefined : { code: 'invalid_state_transition', status, action };
}

const VERBS: Readonly<Record<InvoiceAction, string>> = {
  finalize: 'finalized',
  void: 'voided',
  mark_paid: 'marked paid',
};

export function describeInvalidTransition(refusal: InvalidInvoiceTransition): string {
  return `An invoice in status ${refusal.status} cannot be ${VERBS[refusal.action]}`;
}
