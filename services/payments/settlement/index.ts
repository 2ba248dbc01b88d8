export { markInvoicePaid, voidInvoice } from './invoice-payment-transitions';
export { settleProviderPayment } from './provider-settlement';
