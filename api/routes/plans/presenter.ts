import { presentMajorUnits } from '../../../domain/money';
import type { PlanPriceRecord, PlanRecord } from '../../../services/catalog/plans';
import type { PlanJson, PlanPriceJson } from './schema';

const amountOf = (price: PlanPriceRecord): number =>
  presentMajorUnits({ amount: price.amountMinor, currency: price.currency });

/** A price on its own (price routes): minor units back to an exact major-unit number (4999n USD → 49.99). */
export function presentPlanPrice(price: PlanPriceRecord): PlanPriceJson {
  return {
    id: price.id,
    planId: price.planId,
    currency: price.currency,
    amount: amountOf(price),
    createdAt: price.createdAt.toISOString(),
    updatedAt: price.updatedAt.toISOString(),
  };
}

export function presentPlan(plan: PlanRecord): PlanJson {
  return {
    id: plan.id,
    name: plan.name,
    code: plan.code,
    description: plan.description,
    billingInterval: plan.billingInterval,
    billingTiming: plan.billingTiming,
    trialDays: plan.trialDays,
    netPaymentTerms: plan.netPaymentTerms,
    invoiceGracePeriodDays: plan.invoiceGracePeriodDays,
    features: plan.features,
    isActive: plan.isActive,
    prices: plan.prices.map((price) => ({ id: price.id, currency: price.currency, amount: amountOf(price) })),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}
