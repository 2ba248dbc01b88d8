export { isUpgrade, type PricedInterval } from './plan-comparison';
export {
  chargeRemainingPart,
  chargeUsedPart,
  creditUnusedPart,
  prorateFee,
  splitPeriodDays,
  type ProrationDays,
  type ProrationSpan,
} from './proration';
export {
  refuseCancel,
  refusePause,
  refusePlanChange,
  refuseResume,
  type LifecycleFacts,
  type LifecycleStatus,
  type TransitionRefusal,
} from './transitions';
export { computeTrialEnd } from './trial';
export {
  buildFeeLine,
  buildIntervalChangeLines,
  buildPlanChangeLines,
  type BilledPlan,
  type IntervalChangeLines,
  type PeriodSegment,
  type PlanChangeLines,
  type SubscriptionLine,
} from './billing-lines';
