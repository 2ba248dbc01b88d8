import type { InvalidInvoiceTransition } from '../../../domain/invoices';

/** Expected refusals of invoice operations, as stable codes; `invoiceError` says them as AppErrors. */
export type InvoiceFailure = { code: 'invoice_not_found' } | InvalidInvoiceTransition;

export type InvoiceOutcome<T> = { ok: true; value: T } | { ok: false; error: InvoiceFailure };
