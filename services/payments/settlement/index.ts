export { markInvoicePaid, voidInvoice } from './invoice-payment-transitions';
export { settleProviderPayment, type SettlementOutcome, type VerifiedProviderPayment } from './provider-settlement';
