export { readBillingOverview, type BillingOverview, type Outstanding } from './billing-overview';
export { checkoutPortalInvoice, type PortalCheckoutDeps, type PortalCheckoutRequest } from './portal-checkout';
export { requirePortalCustomer } from './portal-customer';
export { listPortalInvoices, listPortalPayments, listPortalSubscriptions, type Page } from './portal-records';
export { readPortalPage, type PortalPage, type PortalSubscription } from './portal-page';
export {
  cancelPortalSubscription,
  keepPortalSubscription,
  type PortalSubscriptionRequest,
} from './portal-cancellation';
export { buyPortalCredits, type PortalCreditPurchase } from './portal-credit-purchase';
export {
  findPortalInvoiceDocument,
  findSessionCustomer,
  type SessionCustomer,
  type SessionOwner,
} from './portal-documents';
