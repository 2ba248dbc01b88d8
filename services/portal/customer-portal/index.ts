export { readBillingOverview, type BillingOverview, type Outstanding } from './billing-overview';
export { checkoutPortalInvoice, type PortalCheckoutDeps, type PortalCheckoutRequest } from './portal-checkout';
export { requirePortalCustomer } from './portal-customer';
export { listPortalInvoices, listPortalPayments, listPortalSubscriptions, type Page } from './portal-records';
export { readPortalPage, type PortalPage, type PortalSubscription } from './portal-page';
export { cancelPortalSubscription, keepPortalSubscription } from './portal-cancellation';
export type { PortalSubscriptionRequest } from './own-subscription';
export {
  changePortalPlan,
  listPlanOptions,
  previewPortalPlanChange,
  type PlanOption,
  type PortalPlanChangeRequest,
} from './portal-plan-change';
export { buyPortalCredits, type PortalCreditPurchase } from './portal-credit-purchase';
export {
  findPortalInvoiceDocument,
  findSessionCustomer,
  type SessionCustomer,
  type SessionOwner,
} from './portal-documents';
export { checkoutLinkedInvoice, CUSTOMER_DELETED, readInvoicePayment, type InvoicePayment } from './invoice-payment';
