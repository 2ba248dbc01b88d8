import type { CreditNoteStatus } from '../../domain/credit-notes';
import type { InvoiceStatus } from '../../domain/invoices';
import { formatCalendarDate } from './document-format';

/** What `invoiceStatusWord` reads of an invoice. */
export interface StatusFacts {
  status: InvoiceStatus;
  dueDate: Date | null;
  amountPaid: bigint;
  amountDue: bigint;
  amountRefunded: bigint;
}

/**
 * The invoice's state in the customer's words rather than the API's enum: what they owe and by when, or that they owe
 * nothing and why. A PAID invoice whose payments all went back reads "Refunded" (its status stays PAID: refunds are
 * payments' business, not the invoice's); part of them, "Partially refunded".
 */
export function invoiceStatusWord(facts: StatusFacts, timeZone: string): string {
  switch (facts.status) {
    case 'DRAFT':
      return 'Draft';
    case 'OPEN':
      if (facts.amountDue <= 0n) return 'Paid';
      return facts.dueDate === null ? 'Due' : `Due ${formatCalendarDate(facts.dueDate, timeZone)}`;
    case 'PAID':
      if (facts.amountPaid > 0n && facts.amountRefunded >= facts.amountPaid) return 'Refunded';
      return facts.amountRefunded > 0n ? 'Partially refunded' : 'Paid';
    case 'VOIDED':
      return 'Void';
    case 'UNCOLLECTIBLE':
      return 'Uncollectible';
  }
}

/** A credit note's state as its reader says it: a finalized note has been issued. */
export function creditNoteStatusWord(status: CreditNoteStatus): string {
  switch (status) {
    case 'DRAFT':
      return 'Draft';
    case 'FINALIZED':
      return 'Issued';
    case 'VOIDED':
      return 'Void';
  }
}
