import { describeInvalidTransition } from '../../../domain/invoices';
import type { InvoiceFailure, InvoiceOutcome } from '../../../services/invoices';
import { conflict, notFound, type AppError } from '../../http/app-error';
import { ErrorBodySchema } from '../../http/error-body.schema';

export const INVOICE_TAGS = ['Invoices'];
export const INVOICE_READ = { kind: 'apiKey', scope: 'invoices:read' } as const;
export const INVOICE_WRITE = { kind: 'apiKey', scope: 'invoices:write' } as const;
export const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });

export function invoiceError(failure: InvoiceFailure, invoiceId: string): AppError {
  switch (failure.code) {
    case 'invoice_not_found':
      return notFound('invoice_not_found', `Invoice ${invoiceId} not found`);
    case 'invalid_state_transition':
      return conflict('invalid_state_transition', describeInvalidTransition(failure));
  }
}

/** The 404 of an invoice the tenant does not have (unknown, malformed or another tenant's id). */
export const invoiceNotFound = (invoiceId: string): AppError => invoiceError({ code: 'invoice_not_found' }, invoiceId);

/** The value of an outcome, or its refusal as the HTTP error. */
export function invoiceValueOf<T>(outcome: InvoiceOutcome<T>, invoiceId: string): T {
  if (!outcome.ok) throw invoiceError(outcome.error, invoiceId);
  return outcome.value;
}
