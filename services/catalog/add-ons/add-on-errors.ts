import { conflict, notFound, type AppError } from '../../platform/errors';
import type { AddOnFailure, AddOnOutcome } from './add-on-records';

const ERRORS: Readonly<Record<AddOnFailure, (subject: string) => AppError>> = {
  add_on_not_found: (id) => notFound('add_on_not_found', `Add-on ${id} not found`),
  add_on_code_taken: (code) => conflict('add_on_code_taken', `An add-on with code ${code} already exists`),
  add_on_in_use: (id) =>
    conflict('add_on_in_use', `Add-on ${id} has PENDING applied add-ons; remove them before deleting it`),
  add_on_price_missing: (customerId) =>
    conflict(
      'add_on_price_missing',
      `The add-on has no price in the currency of customer ${customerId}; give an amount`,
    ),
  customer_not_found: (id) => notFound('customer_not_found', `Customer ${id} not found`),
  applied_add_on_not_found: (id) => notFound('applied_add_on_not_found', `Applied add-on ${id} not found`),
  applied_add_on_invoiced: (id) =>
    conflict('applied_add_on_invoiced', `Applied add-on ${id} is already invoiced; credit the invoice instead`),
  applied_add_on_removed: (id) => conflict('applied_add_on_removed', `Applied add-on ${id} is already removed`),
};

/** The AppError for a refusal; `subject` is the id, code or currency the message names. */
export function addOnError(failure: AddOnFailure, subject: string): AppError {
  return ERRORS[failure](subject);
}

/** The value of an outcome, or its refusal thrown as an AppError. */
export function addOnValue<T>(outcome: AddOnOutcome<T>, subject: string | ((failure: AddOnFailure) => string)): T {
  if (!outcome.ok) throw addOnError(outcome.error, typeof subject === 'string' ? subject : subject(outcome.error));
  return outcome.value;
}
