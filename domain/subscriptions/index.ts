export { BILLING_ERROR_CODES, type BillingErrorCode } from './billing-error-code';
export { EFFECTIVE_AT_VALUES, type EffectiveAt } from './effective-at';
export { isUpgrade, type PricedInterval } from './plan-comparison';
export {
  previewPlanChange,
  type PlanChangePreview,
  type PlanChangePreviewInput,
  type PreviewPlan,
} from './plan-change-preview';
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
  refuseByStatus,
  refuseCancel,
  refusePause,
  refusePlanChange,
  refuseResume,
  refuseUndoCancel,
  type LifecycleFacts,
  type LifecycleRequest,
  type TransitionRefusal,
} from './transitions';
export {
  isLiveSubscription,
  LIVE_SUBSCRIPTION_STATUSES,
  parseSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type LiveSubscriptionStatus,
  type SubscriptionStatus,
} from './subscription-status';
export { computeTrialEnd } from './trial';
export {
  initialSubscriptionState,
  startingState,
  type InitialState,
  type InitialTerms,
  type StartRefusal,
} from './initial-state';
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
