import { describeInvalidTransition } from '../../../domain/invoices';
import { conflict, notFound, validationFailed, type AppError } from '../../platform/errors';
import type { ManualInvoiceOutcome, NewManualInvoice } from './create-manual-invoice';
import type { InvoiceFailure, InvoiceOutcome } from './invoice-outcome';
import type { InvoiceRecord } from './invoice-records';

/** The AppError for a refusal of an invoice operation. */
export function invoiceError(failure: InvoiceFailure, invoiceId: string): AppError {
  switch (failure.code) {
    case 'invoice_not_found':
      return notFound('invoice_not_found', `Invoice ${invoiceId} not found`);
    case 'invalid_state_transition':
      return conflict('invalid_state_transition', describeInvalidTransition(failure));
  }
}

/** The not-found of an invoice the tenant does not have (unknown, malformed or another tenant's id). */
export const invoiceNotFound = (invoiceId: string): AppError => invoiceError({ code: 'invoice_not_found' }, invoiceId);

/** The value of an outcome, or its refusal thrown as an AppError. */
export function invoiceValue<T>(outcome: InvoiceOutcome<T>, invoiceId: string): T {
  if (!outcome.ok) throw invoiceError(outcome.error, invoiceId);
  return outcome.value;
}

/** The manual invoice of an outcome, or its refusal thrown as an AppError naming the request's ids. */
export function manualInvoiceValue(
  outcome: ManualInvoiceOutcome,
  request: Pick<NewManualInvoice, 'customerId' | 'subscriptionId'>,
): InvoiceRecord {
  if (outcome.ok) return outcome.value;
  const failure = outcome.error;
  switch (failure.code) {
    case 'customer_not_found':
      throw notFound('customer_not_found', `Customer ${request.customerId} not found`);
    case 'subscription_not_found':
      throw notFound(
        'subscription_not_found',
        `Subscription ${request.subscriptionId ?? ''} not found for customer ${request.customerId}`,
      );
    case 'invalid_item':
      throw validationFailed([{ path: failure.path, message: failure.message }]);
  }
}
