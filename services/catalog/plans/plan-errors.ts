import { conflict, notFound, type AppError } from '../../platform/errors';
import type { PlanFailure, PlanOutcome } from './plan-records';

const ERRORS: Readonly<Record<PlanFailure, (subject: string) => AppError>> = {
  plan_not_found: (id) => notFound('plan_not_found', `Plan ${id} not found`),
  plan_code_taken: (code) => conflict('plan_code_taken', `A plan with code ${code} already exists`),
  plan_has_subscriptions: (id) =>
    conflict('plan_has_subscriptions', `Plan ${id} has subscriptions; deactivate it (isActive: false) instead`),
  plan_price_not_found: (id) => notFound('plan_price_not_found', `Price ${id} not found on this plan`),
  plan_price_currency_taken: (currency) =>
    conflict('plan_price_currency_taken', `The plan already has a price in ${currency}; update that price instead`),
  plan_usage_only_in_use: (id) =>
    conflict(
      'plan_usage_only_in_use',
      `Plan ${id} has no price and has subscriptions, which may bill in any currency: a price would leave those in ` +
        'other currencies without one; create a priced plan instead',
    ),
  plan_price_in_use: (id) =>
    conflict('plan_price_in_use', `Price ${id} is in use: subscriptions of the plan bill in its currency`),
};

/** The AppError for a refusal of the plan catalog; `subject` is the id, code or currency the message names. */
export function planError(failure: PlanFailure, subject: string): AppError {
  return ERRORS[failure](subject);
}

/** The value of an outcome, or its refusal thrown as an AppError. */
export function planValue<T>(outcome: PlanOutcome<T>, subject: string): T {
  if (!outcome.ok) throw planError(outcome.error, subject);
  return outcome.value;
}
