export { PAYMENT_PROVIDERS, PROVIDER_KINDS, type PaymentProvider, type ProviderKind } from './payment-provider';
export { PAYMENT_STATUSES, type PaymentStatus } from './payment-status';
export type { ProviderPaymentOutcome, ProviderRefundOutcome } from './provider-outcomes';
export { REFUND_STATUSES, type RefundStatus } from './refund-status';
export { allocatePayment, refundAllowance, statusAfterRefund, type RefundShare } from './payment-allocation';
