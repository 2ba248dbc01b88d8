import { planError, type NewPlan, type PlanChange } from '../../../services/catalog/plans';
import { requirePrices } from '../../schemas/price-input';
import type { CreatePlanBody, UpdatePlanBody } from './schema';

/** POST /plans: the defaults of the plan record applied (IN_ADVANCE, no trial, no features, active). */
export function toNewPlan(body: CreatePlanBody): NewPlan {
  return {
    name: body.name,
    code: body.code,
    description: body.description ?? null,
    billingInterval: body.billingInterval,
    billingTiming: body.billingTiming ?? 'IN_ADVANCE',
    trialDays: body.trialDays ?? 0,
    netPaymentTerms: body.netPaymentTerms ?? null,
    invoiceGracePeriodDays: body.invoiceGracePeriodDays ?? null,
    features: body.features ?? [],
    isActive: body.isActive ?? true,
    // One price per currency: a second one is the 409 a second price added later gets.
    prices: requirePrices(body.prices, (currency) => planError('plan_price_currency_taken', currency)),
  };
}

/** PATCH /plans/:id; the schema refuses the immutable `code` and `billingInterval`. */
export function toPlanChange(body: UpdatePlanBody): PlanChange {
  return body;
}
