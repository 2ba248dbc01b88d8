export { createRefund } from './create-refund';
export { readPaymentDetails, type PaymentDetails } from './payment-details';
export { providerPendingWork } from './provider-pending-work';
export { applyRefundNotification, applyRefundOutcome } from './refund-outcome';
export type { RefundRecord } from './refund-records';
export { checkRefundClaim } from './refund-verification';
export { insertPendingRefund } from './refund-writes';
export { deletePaymentsRefunds } from './customer-removal';
export { listInvoiceRefunds, type InvoiceRefund } from './invoice-refunds';
