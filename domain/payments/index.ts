export { PAYMENT_STATUSES, type PaymentStatus } from './payment-status';
