export { planError, planValue } from './plan-errors';
export { addPlanPrice, changePlanPriceAmount, deletePlanPrice } from './plan-prices';
export type { PlanPriceRecord, PlanRecord } from './plan-records';
export {
  findMissingPlan,
  findPlanInvoiceTerms,
  findPlanPriceTerms,
  lockPlanForSubscription,
  planExists,
} from './plan-references';
export { createPlan, deletePlan, findPlan, listPlans, updatePlan, type NewPlan, type PlanChange } from './plans';
export type { PlanSubscriptions } from './subscription-port';
