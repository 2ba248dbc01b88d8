/** Expected refusals of the subscription stores, as stable codes; `subscriptionError` says them as AppErrors. */
export type SubscriptionFailure =
  | { code: 'subscription_not_found' }
  | { code: 'customer_not_found' }
  | { code: 'plan_not_found'; planId: string }
  | { code: 'plan_inactive'; planId: string }
  | { code: 'plan_price_not_found'; planId: string; currency: string }
  | { code: 'currency_mismatch'; currency: string; customerCurrency: string }
  | { code: 'subscription_external_id_taken'; externalId: string }
  | { code: 'coupon_invalid'; reason: string }
  | { code: 'start_date_in_future' }
  | { code: 'start_date_too_old'; periodEnd: Date }
  | { code: 'test_clock_advancing'; clockId: string }
  | { code: 'test_clock_subscription_limit'; clockId: string; limit: number };

export type SubscriptionOutcome<T> = { ok: true; value: T } | { ok: false; error: SubscriptionFailure };

export const refused = <T>(error: SubscriptionFailure): SubscriptionOutcome<T> => ({ ok: false, error });
