import { conflict, invalid, notFound, unavailable, type AppError } from '../../platform/errors';
import type { SubscriptionFailure, SubscriptionOutcome } from './subscription-outcome';

/** The AppError for an expected refusal; `subject` is the id the message names. */
export function subscriptionError(failure: SubscriptionFailure, subject: string): AppError {
  switch (failure.code) {
    case 'subscription_not_found':
      return notFound('subscription_not_found', `Subscription ${subject} not found`);
    case 'customer_not_found':
      return notFound('customer_not_found', `Customer ${subject} not found`);
    case 'plan_not_found':
      return notFound('plan_not_found', `Plan ${failure.planId} not found`);
    case 'plan_inactive':
      return conflict('plan_inactive', `Plan ${failure.planId} is inactive`);
    case 'plan_price_not_found':
      return conflict('plan_price_not_found', `Plan ${failure.planId} has no price in ${failure.currency}`);
    case 'currency_mismatch':
      return conflict(
        'currency_mismatch',
        `The customer is billed in ${failure.customerCurrency}, not ${failure.currency}`,
      );
    case 'subscription_external_id_taken':
      return conflict(
        'subscription_external_id_taken',
        `A subscription with externalId ${JSON.stringify(failure.externalId)} already exists`,
      );
    case 'coupon_invalid':
      return conflict('coupon_invalid', failure.reason);
    case 'start_date_in_future':
      return invalid('start_date_in_future', 'may not be in the future', 'body.startDate');
    case 'start_date_too_old':
      return invalid(
        'start_date_too_old',
        `is too far back: its first period ended at ${failure.periodEnd.toISOString()}`,
        'body.startDate',
      );
    case 'test_clock_advancing':
      return conflict(
        'test_clock_advancing',
        `The customer's test clock ${failure.clockId} is advancing; wait until it is READY`,
      );
    case 'test_clock_subscription_limit':
      return conflict(
        'test_clock_subscription_limit',
        `A customer on test clock ${failure.clockId} may have at most ${failure.limit} subscriptions`,
      );
  }
}

/** The value of an outcome, or its refusal thrown as an AppError. */
export function subscriptionValue<T>(outcome: SubscriptionOutcome<T>, subject: string): T {
  if (!outcome.ok) throw subscriptionError(outcome.error, subject);
  return outcome.value;
}

export const subscriptionNotFound = (id: string): AppError =>
  notFound('subscription_not_found', `Subscription ${id} not found`);

export const noBillingError = (id: string): AppError =>
  conflict('no_billing_error', `Subscription ${id} has no billing error: no invoice waits for a retry`);

export const invalidTransition = (message: string): AppError => conflict('invalid_state_transition', message);

export const workflowNotAnswering = (id: string): AppError =>
  unavailable(
    'temporal_unavailable',
    `The workflow of subscription ${id} did not answer in time; the change may still apply: read the subscription before retrying`,
  );

export const temporalUnavailable = (): AppError =>
  unavailable('temporal_unavailable', 'The workflow service is unavailable; retry shortly');
