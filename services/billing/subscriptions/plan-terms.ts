import { findPlan } from '../../catalog/plans';
import type { SubscriptionRecord, SubscriptionSql } from './subscription-records';
import type { PlanTerms } from '../../../workflows/subscriptions/messages';
import { conflict, notFound } from '../../platform/errors';

/**
 * The new plan's terms for a change-plan update, after the checks the workflow relies on: the plan exists, differs,
 * is active (a retired plan takes no new subscriber, by creation or by change) and has a price in the subscription's currency (or no price at all: usage-only). Any billing interval is accepted: the workflow restarts the period
 * at the change (or at the period end) when the interval differs.
 */
export async function newPlanTerms(
  sql: SubscriptionSql,
  subscription: SubscriptionRecord,
  newPlanId: string,
): Promise<PlanTerms> {
  if (newPlanId === subscription.planId) {
    throw conflict('plan_unchanged', `Subscription ${subscription.id} is already on plan ${newPlanId}`);
  }
  const plan = await findPlan(sql, newPlanId);
  if (plan === undefined) throw notFound('plan_not_found', `Plan ${newPlanId} not found`);
  if (!plan.isActive) throw conflict('plan_inactive', `Plan ${newPlanId} is inactive`);
  const price = plan.prices.find((candidate) => candidate.currency === subscription.currency);
  // A usage-only plan (no price at all) takes any currency: its fee is 0 and bills no line.
  if (price === undefined && plan.prices.length > 0) {
    throw conflict('plan_price_not_found', `Plan ${newPlanId} has no price in ${subscription.currency}`);
  }
  return {
    planId: plan.id,
    name: plan.name,
    amountMinor: (price?.amountMinor ?? 0n).toString(),
    billingInterval: plan.billingInterval,
    billingTiming: plan.billingTiming,
  };
}
