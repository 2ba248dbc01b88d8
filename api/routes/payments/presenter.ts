import type { PaymentRecord } from '../../../services/payments';
import { paymentView } from '../../../services/payments';
import type { PaymentEventJson, PaymentJson, RefundJson } from './schema';

/** What a payment lists beside its own row: its refunds (oldest first) and the provider notifications received. */
export interface PaymentDetails {
  refunds: RefundJson[];
  events: PaymentEventJson[];
}

const NO_DETAILS: PaymentDetails = { refunds: [], events: [] };

/** The view payment events carry, plus the payment's refunds and provider notifications. */
export function presentPayment(payment: PaymentRecord, details: PaymentDetails = NO_DETAILS): PaymentJson {
  return { ...paymentView(payment), refunds: details.refunds, events: details.events };
}
