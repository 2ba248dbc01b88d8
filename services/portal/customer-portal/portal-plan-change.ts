import { toCurrencyCode } from '../../../domain/money';
import { previewPlanChange, type PlanChangePreview } from '../../../domain/subscriptions';
import { findPlan, type PlanRecord } from '../../catalog/plans';
import {
  changeSubscriptionPlan,
  readBillingTimeZone,
  type SubscriptionActionContext,
  type SubscriptionRecord,
} from '../../billing/subscriptions';
import { notFound } from '../../platform/errors';
import { reachState, requireOwnSubscription, type PortalSubscriptionRequest } from './own-subscription';

type PortalSql = SubscriptionActionContext['sql'];

export interface PortalPlanChangeRequest extends PortalSubscriptionRequest {
  planId: string;
  /** The tenant's `settings.portal.planIds`: the only plans a customer may move to. */
  offeredPlanIds: readonly string[];
}

/** A plan the customer may move to from a subscription: offered, active, same interval, priced in its currency. */
export interface PlanOption {
  plan: PlanRecord;
  amountMinor: bigint;
}

const planNotOffered = (planId: string) => notFound('plan_not_found', `Plan ${planId} is not offered here`);

function optionOf(subscription: SubscriptionRecord, current: PlanRecord | undefined, plan: PlanRecord | undefined) {
  if (plan === undefined || current === undefined || !plan.isActive) return undefined;
  if (plan.billingInterval !== current.billingInterval) return undefined;
  const price = plan.prices.find((candidate) => candidate.currency === subscription.currency);
  return price === undefined ? undefined : { plan, amountMinor: price.amountMinor };
}

/**
 * The offered plans a subscription may change to from the page (CONTRACT §14: same currency and interval), in the
 * tenant's order; none for a subscription whose plan cannot change (PAUSED, CANCELED).
 */
export async function listPlanOptions(
  sql: PortalSql,
  request: { subscription: SubscriptionRecord; offeredPlanIds: readonly string[] },
): Promise<PlanOption[]> {
  const { subscription } = request;
  if (subscription.status === 'PAUSED' || subscription.status === 'CANCELED') return [];
  const current = await findPlan(sql, subscription.planId);
  const plans = await Promise.all(request.offeredPlanIds.map((planId) => findPlan(sql, planId)));
  const others = plans.filter((plan) => plan?.id !== subscription.planId);
  return others.flatMap((plan) => optionOf(subscription, current, plan) ?? []);
}

async function requirePlanOption(sql: PortalSql, request: PortalPlanChangeRequest) {
  const subscription = await requireOwnSubscription(sql, request);
  if (!request.offeredPlanIds.includes(request.planId)) throw planNotOffered(request.planId);
  const option = optionOf(subscription, await findPlan(sql, subscription.planId), await findPlan(sql, request.planId));
  if (option === undefined) throw planNotOffered(request.planId);
  return { subscription, option };
}

/**
 * What changing to the plan will bill, by the domain's proration (the same rules the workflow applies). It assumes
 * the current period was invoiced in full on the current plan and not changed before: a second change in one
 * period is capped by the workflow at what is left, which the preview cannot see.
 */
export async function previewPortalPlanChange(
  sql: PortalSql,
  request: PortalPlanChangeRequest & { now: Date },
): Promise<{ subscription: SubscriptionRecord; option: PlanOption; preview: PlanChangePreview | undefined }> {
  const { subscription, option } = await requirePlanOption(sql, request);
  const current = await findPlan(sql, subscription.planId);
  const fee = current?.prices.find((price) => price.currency === subscription.currency)?.amountMinor;
  const { currentPeriodStart, currentPeriodEnd } = subscription;
  if (current === undefined || fee === undefined || currentPeriodStart === null || currentPeriodEnd === null) {
    return { subscription, option, preview: undefined };
  }
  const preview = previewPlanChange({
    from: { name: current.name, feeMinor: fee, interval: current.billingInterval, timing: current.billingTiming },
    to: {
      name: option.plan.name,
      feeMinor: option.amountMinor,
      interval: option.plan.billingInterval,
      timing: option.plan.billingTiming,
    },
    periodStart: currentPeriodStart,
    periodEnd: currentPeriodEnd,
    now: request.now,
    timeZone: await readBillingTimeZone(sql, subscription.customerId),
    currency: toCurrencyCode(subscription.currency),
    invoicedMinor: fee,
    creditedMinor: 0n,
  });
  return { subscription, option, preview };
}

/**
 * Changes to an offered plan through the same use case as `POST /subscriptions/:id/change-plan` (an upgrade now
 * with its proration, a downgrade at period end); a repeat of a change already made or scheduled is done.
 */
export async function changePortalPlan(
  context: SubscriptionActionContext,
  request: PortalPlanChangeRequest,
): Promise<SubscriptionRecord> {
  await requirePlanOption(context.sql, request);
  return reachState(context, request, {
    holds: (subscription) => subscription.planId === request.planId || subscription.pendingPlanId === request.planId,
    make: (id) => changeSubscriptionPlan(context, id, { newPlanId: request.planId }),
  });
}
