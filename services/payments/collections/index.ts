export { startDunningStarterLoop, startPendingDunning, temporalDunningStarter } from './dunning-starts';
export { cancelUnpaidSubscription, readDunningState, writeOffInvoice } from './dunning-steps';
export { sendInvoiceEmail, type CheckoutLink, type InvoiceEmailDeps } from './invoice-email';
export {
  reconcileInvoiceOwner,
  reconcileInvoiceSubscription,
  reconcilePastDue,
  temporalPastDueSignaller,
  type PastDueDeps,
  type PastDueSignaller,
} from './past-due';
