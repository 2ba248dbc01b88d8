import type { PaymentRecord } from '../../../services/payments/payment-records';
import { paymentView } from '../../../services/payments/payment-view';
import type { PaymentJson } from './schema';

/** The same view payment events carry. */
export function presentPayment(payment: PaymentRecord): PaymentJson {
  return paymentView(payment);
}
