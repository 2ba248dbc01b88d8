export { checkoutInvoice, ensureInvoiceCheckout } from './invoice-checkout';
export { createProviderCheckout, recordedCheckout } from './provider-checkout';
export { endProviderCheckout, type EndedCheckout } from './end-checkout';
export {
  noCanceledCheckoutNotice,
  temporalCanceledCheckoutNotice,
  type CanceledCheckoutNotice,
} from './canceled-checkouts';
