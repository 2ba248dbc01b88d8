import { presentMajorUnits } from '../../../domain/money';
import type { PaymentRecord } from '../../../services/payments/records';
import { paymentView } from '../../../services/payments/records';
import type { PaymentDetails as PaymentDetailRecords, RefundRecord } from '../../../services/payments/refunds';
import type { PaymentEventJson, PaymentJson, RefundJson } from './schema';

/** What a payment lists beside its own row: its refunds (oldest first) and the provider notifications received. */
export interface PaymentDetails {
  refunds: RefundJson[];
  events: PaymentEventJson[];
}

const NO_DETAILS: PaymentDetails = { refunds: [], events: [] };

/** A refund as CONTRACT §11 shows it; `providerReference` is the provider's id of the refund. */
export function presentRefund(refund: RefundRecord): RefundJson {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    amount: presentMajorUnits({ amount: refund.amountMinor, currency: refund.currency }),
    amountFromCredit: presentMajorUnits({ amount: refund.creditMinor, currency: refund.currency }),
    currency: refund.currency,
    reason: refund.reason,
    status: refund.status,
    providerReference: refund.providerRefundId,
    failureReason: refund.failureReason,
    creditNoteId: refund.creditNoteId,
    creditNoteSkippedReason: refund.creditNoteSkippedReason,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  };
}

/** The refunds oldest first and the notifications in the order they arrived (oldest first), as stored. */
export function presentPaymentDetails(details: PaymentDetailRecords | undefined): PaymentDetails {
  if (details === undefined) return NO_DETAILS;
  return {
    refunds: details.refunds.map(presentRefund),
    events: details.events.map((event) => ({
      id: event.id,
      type: event.type,
      receivedAt: event.receivedAt.toISOString(),
    })),
  };
}

/** The view payment events carry, plus the payment's refunds and provider notifications. */
export function presentPayment(payment: PaymentRecord, details: PaymentDetails = NO_DETAILS): PaymentJson {
  return { ...paymentView(payment), refunds: details.refunds, events: details.events };
}

/** A page of payments with their details, read for the whole page at once (`readPaymentDetails`). */
export function presentPayments(
  payments: readonly PaymentRecord[],
  details: ReadonlyMap<string, PaymentDetailRecords>,
): PaymentJson[] {
  return payments.map((payment) => presentPayment(payment, presentPaymentDetails(details.get(payment.id))));
}
