import type { InvoiceStatus } from './invoice-status';

/** The statuses of an invoice that still asks for its money (CONTRACT §12); paid, voided and drafts ask for none. */
export const COLLECTING_STATUSES: readonly InvoiceStatus[] = ['OPEN', 'UNCOLLECTIBLE'];

/** What decides whether an invoice is overdue. */
export interface OverdueFacts {
  status: InvoiceStatus;
  dueDate: Date | null;
}

/**
 * Overdue at `now`: still collecting and its due date reached (one due at this very instant is overdue). A
 * subscription is past due while any of its invoices is (CONTRACT §12), so only an invoice that becomes or stops
 * being overdue can move its subscription's standing.
 */
export function isOverdue(invoice: OverdueFacts, now: Date): boolean {
  return (
    COLLECTING_STATUSES.includes(invoice.status) &&
    invoice.dueDate !== null &&
    invoice.dueDate.getTime() <= now.getTime()
  );
}
