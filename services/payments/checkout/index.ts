export { checkoutInvoice, ensureInvoiceCheckout } from './invoice-checkout';
export { createProviderCheckout, recordedCheckout } from './provider-checkout';
