export { forgetContradictedNotification } from './contradicted-notification';
export { receiveProviderNotification, type NotificationReceiptDeps } from './notification-receipt';
export { listPaymentEventsOf, type PaymentEventRecord } from './payment-event-list';
export {
  SIGNAL_TIMEOUT_MS,
  temporalPaymentSignaller,
  temporalUnavailable,
  type PaymentNotificationSignaller,
} from './payment-signaller';
export { deletePaymentsEvents } from './customer-removal';
