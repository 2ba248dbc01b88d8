import { conflict, notFound, type AppError } from '../../platform/errors';
import type { CustomerDeletion, CustomerRecord } from './customer-store';

export const customerNotFound = (id: string): AppError => notFound('customer_not_found', `Customer ${id} not found`);

/** The deleted customer, or the refusal of its deletion thrown as an AppError. */
export function customerDeletionValue(outcome: CustomerDeletion, id: string): CustomerRecord {
  if (outcome.ok) return outcome.value;
  if (outcome.error === 'customer_not_found') throw customerNotFound(id);
  throw conflict('customer_has_active_subscriptions', `Customer ${id} has active subscriptions`);
}
