import { parseMajorUnits, type CurrencyCode, type Money } from '../../../domain/money';
import type { NewPlan, PlanChange } from '../../../services/plans';
import { validationFailed, type ErrorDetail } from '../../../services/errors';
import { requireCurrency } from '../../schemas/common';
import type { CreatePlanBody, UpdatePlanBody } from './schema';

/** A major-unit amount as minor units of `currency`; too many decimals for the currency is 400 naming `path`. */
export function requireAmount(value: number, currency: CurrencyCode, path: string): Money {
  const parsed = parseMajorUnits(value, currency);
  if (!parsed.ok) throw validationFailed([{ path, message: parsed.error.message }]);
  return parsed.value;
}

/** The body's prices as money, at most one per currency (codes compared upper case, as stored). */
function requirePrices(prices: CreatePlanBody['prices']): Money[] {
  const seen = new Map<string, number>();
  return (prices ?? []).map((price, index) => {
    const currency = requireCurrency(price.currency, `body.prices.${index}.currency`);
    const first = seen.get(currency);
    if (first !== undefined) {
      throw validationFailed([
        { path: `body.prices.${index}.currency`, message: `${currency} is already priced in body.prices.${first}` },
      ]);
    }
    seen.set(currency, index);
    return requireAmount(price.amount, currency, `body.prices.${index}.amount`);
  });
}

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
