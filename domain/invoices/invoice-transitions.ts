import type { InvoiceStatus } from './invoice-status';

export type InvoiceAction = 'finalize' | 'void' | 'mark_paid' | 'mark_uncollectible' | 'checkout' | 'send_email';

export interface InvalidInvoiceTransition {
  code: 'invalid_state_transition';
  status: InvoiceStatus;
  action: InvoiceAction;
}

/**
 * UNCOLLECTIBLE (dunning wrote the invoice off, CONTRACT §12) keeps its amount due: the customer may still pay it (by
 * hand, or through a checkout), it may be voided, and it may be e-mailed again. Credit notes stay refused
 * (domain/credit-notes): it asks nothing of the customer's credit any more.
 */
const ALLOWED: Readonly<Record<InvoiceAction, readonly InvoiceStatus[]>> = {
  finalize: ['DRAFT'],
  // A draft can be voided too (Stripe deletes drafts; voiding keeps the audit trail). Paid money needs a credit note.
  void: ['DRAFT', 'OPEN', 'UNCOLLECTIBLE'],
  mark_paid: ['OPEN', 'UNCOLLECTIBLE'],
  mark_uncollectible: ['OPEN'],
  checkout: ['OPEN', 'UNCOLLECTIBLE'],
  // A paid invoice is still worth sending (a receipt); a draft is not final and a voided one is void.
  send_email: ['OPEN', 'UNCOLLECTIBLE', 'PAID'],
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
  mark_uncollectible: 'marked uncollectible',
  checkout: 'paid through a checkout',
  send_email: 'sent by e-mail',
};

export function describeInvalidTransition(refusal: InvalidInvoiceTransition): string {
  return `An invoice in status ${refusal.status} cannot be ${VERBS[refusal.action]}`;
}
