export { callbackTokenHash, mpesaCallbackToken } from './callback-token';
export {
  addRefundedAmount,
  changeAppliedAmount,
  lockPaymentsPayingInvoice,
  recordConfirmedPayment,
} from './payment-money';
export type { PaymentRecord } from './payment-records';
export { paymentEventData, paymentView } from './payment-view';
export { recordPaymentSucceeded } from './payment-succeeded-event';
export {
  findPayment,
  findPaymentInvoiceId,
  insertManualPayment,
  listInvoicePaymentIds,
  listPayments,
  listPendingPaymentIds,
} from './payments';
export {
  cancelOpenProviderPayments,
  failProviderPayment,
  findOpenProviderPayment,
  insertPendingPayment,
  lockPayment,
  recordPaymentCheckout,
} from './provider-payments';
export { hasPendingPaymentsThrough, paymentsThroughProvider } from './provider-references';
export { deletePayments, listCustomersPaymentIds } from './customer-removal';
export {
  OVERDUE_GRACE_SECONDS,
  readPendingPaymentBacklog,
  type PendingPaymentBacklog,
} from './pending-payment-backlog';
