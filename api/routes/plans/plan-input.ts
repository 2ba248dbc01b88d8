import type { NewPlan, PlanChange } from '../../../services/plans';
import { validationFailed, type ErrorDetail } from '../../../services/errors';
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
    prices: requirePrices(body.prices),
  };
}

/**
 * PATCH /plans/:id. `code` and `billingInterval` are refused with a message saying why: subscriptions' periods and
 * the charges that name the plan by code depend on them.
 */
export function toPlanChange(body: UpdatePlanBody): PlanChange {
  const immutable: ErrorDetail[] = (['code', 'billingInterval'] as const)
    .filter((field) => field in body)
    .map((field) => ({ path: `body.${field}`, message: 'is immutable once the plan exists; create a new plan' }));
  if (immutable.length > 0) throw validationFailed(immutable);
  const { code: _code, billingInterval: _interval, ...change } = body;
  return change;
}
