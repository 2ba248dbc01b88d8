export {
  startDunningStarterLoop,
  startPendingDunning,
  temporalDunningStarter,
  type DunningWorkflowStarter,
} from './dunning-starts';
export {
  cancelUnpaidSubscription,
  findDunningState,
  reconcileStandingAtDueDate,
  writeOffInvoice,
} from './dunning-steps';
export { sendInvoiceEmail, type CheckoutLink, type InvoiceEmailDeps } from './invoice-email';
export { pastDueStandingListener, temporalPastDueSignaller, type PastDueSignaller } from './past-due';
