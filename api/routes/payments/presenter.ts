import type { PaymentRecord } from '../../../services/payments';
import { paymentView } from '../../../services/payments';
import type { PaymentJson } from './schema';

/** The same view payment events carry. */
export function presentPayment(payment: PaymentRecord): PaymentJson {
  return paymentView(payment);
}
