export { clearBillingError, recordBillingError } from './billing-error';
export { readBillingTestClock } from './billing-test-clock';
export { readBillingTimeZone } from './billing-time-zone';
export type { NewSubscription } from './create-subscription';
export { listenForStandingChanges, noteStandingChange, type StandingListener } from './standing-changes';
export {
  cancelSubscription,
  changeSubscriptionPlan,
  pauseSubscription,
  resumeSubscription,
  undoScheduledCancel,
  retrySubscriptionBilling,
  type SubscriptionActionContext,
} from './subscription-actions';
export { createAndStart } from './subscription-creation';
export { subscriptionNotFound, temporalUnavailable } from './subscription-errors';
export {
  applyLifecycleChange,
  findPlanTerms,
  type LifecycleChange,
  type SubscriptionPlanTerms,
} from './subscription-lifecycle';
export { findSubscription, type SubscriptionRecord } from './subscription-records';
export { findPastDueSignalled, recordPastDueSignalled } from './past-due-signalled';
export {
  countSubscriptionsByStatus,
  customerSubscriptions,
  findSubscriptionIdsByExternalIds,
  lockSubscriptionsForUsage,
  meteredSubscriptionIds,
  planSubscriptions,
  subscriptionExists,
} from './subscription-references';
export { changeSubscriptionMetadata } from './subscription-metadata';
export { repairUnstartedSubscriptions, startSubscriptionRepairLoop, type RepairLoop } from './subscription-repair';
export { listCustomerSubscriptionIds, listSubscriptions, requireSubscription } from './subscription-store';
export type { SubscriptionTemporal } from './subscription-transitions';
export { subscriptionView } from './subscription-view';
export { temporalSubscriptionStarter } from './temporal-starter';
export type { SubscriptionWorkflowStarter } from './workflow-starter';
export { deleteSubscriptions, listCustomersSubscriptionIds } from './customer-removal';
