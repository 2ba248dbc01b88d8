import { conflict, notFound, type AppError } from '../../platform/errors';
import type { CouponFailure, CouponOutcome } from './coupon-records';

/** The AppError for a refusal of the coupon catalog; `subject` is the id or code the message names. */
export function couponError(failure: CouponFailure, subject: string): AppError {
  switch (failure.code) {
    case 'coupon_not_found':
      return notFound('coupon_not_found', `Coupon ${subject} not found`);
    case 'coupon_code_taken':
      return conflict('coupon_code_taken', `A coupon with code ${subject} already exists`);
    case 'plan_not_found':
      return notFound('plan_not_found', `Plan ${failure.planId} (in body.planIds) not found`);
    case 'billable_metric_not_found':
      return notFound(
        'billable_metric_not_found',
        `Billable metric ${failure.billableMetricId} (in body.billableMetricIds) not found`,
      );
    case 'max_redemptions_below_redemptions':
      return conflict(
        'max_redemptions_below_redemptions',
        `maxRedemptions cannot be below the ${failure.redemptions} redemptions already made`,
      );
    case 'customer_not_found':
      return notFound('customer_not_found', `Customer ${subject} not found`);
    case 'coupon_not_applicable':
      return conflict('coupon_not_applicable', failure.reason);
    case 'applied_coupon_not_found':
      return notFound('applied_coupon_not_found', `Applied coupon ${subject} not found`);
    case 'applied_coupon_terminated':
      return conflict('applied_coupon_terminated', `Applied coupon ${subject} is already terminated`);
  }
}

/** The value of an outcome, or its refusal thrown as an AppError. */
export function couponValue<T>(outcome: CouponOutcome<T>, subject: string): T {
  if (!outcome.ok) throw couponError(outcome.error, subject);
  return outcome.value;
}
