import type { EntityManager } from '@mikro-orm/postgresql';
import { findPlan } from '../../../infra/plans/plans';
import type { SubscriptionRecord } from '../../../infra/subscriptions/subscription-records';
import type { PlanTerms } from '../../../workflows/subscriptions/messages';
import { AppError, conflict, notFound } from '../../http/app-error';

/**
 * The new plan's terms for a change-plan update, after the checks the workflow relies on: the plan exists, differs,
 * has a price in the subscription's currency, and bills on the same interval. A different interval is refused:
 * prorating across calendars (a monthly period into a yearly one) needs an anchor policy nobody has asked for yet.
 */
export async function newPlanTerms(
  em: EntityManager,
  subscription: SubscriptionRecord,
  newPlanId: string,
): Promise<PlanTerms> {
  if (newPlanId === subscription.planId) {
    throw conflict('plan_unchanged', `Subscription ${subscription.id} is already on plan ${newPlanId}`);
  }
  const [plan, current] = await Promise.all([findPlan(em, newPlanId), findPlan(em, subscription.planId)]);
  if (plan === undefined) throw notFound('plan_not_found', `Plan ${newPlanId} not found`);
  const price = plan.prices.find((candidate) => candidate.currency === subscription.currency);
  if (price === undefined) {
    throw new AppError(400, 'plan_price_not_found', `Plan ${newPlanId} has no price in ${subscription.currency}`);
  }
  if (current !== undefined && current.billingInterval !== plan.billingInterval) {
    throw new AppError(
      400,
      'billing_interval_mismatch',
      `Plan ${newPlanId} bills ${plan.billingInterval}, the subscription ${current.billingInterval}`,
    );
  }
  return {
    planId: plan.id,
    name: plan.name,
    amountMinor: price.amountMinor.toString(),
    billingInterval: plan.billingInterval,
    billingTiming: plan.billingTiming,
  };
}
