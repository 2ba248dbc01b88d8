export { PAYMENT_STATUSES, type PaymentStatus } from './payment-status';
export { allocatePayment, refundAllowance, statusAfterRefund, type RefundShare } from './payment-allocation';
