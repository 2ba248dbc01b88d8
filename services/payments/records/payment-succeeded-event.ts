import type { SqlTransaction } from '../../../infra/db/sql';
import { recordCustomerEvent, type CustomerEventSql } from '../../catalog/customers';
import type { PaymentRecord } from './payment-records';
import { paymentEventData } from './payment-view';

/** `payment.succeeded` for a payment that just succeeded, in the caller's transaction: every succeeded payment has one. */
export async function recordPaymentSucceeded(
  sql: CustomerEventSql,
  transaction: SqlTransaction,
  change: { payment: PaymentRecord; now: Date },
): Promise<void> {
  await recordCustomerEvent(sql, transaction, {
    type: 'payment.succeeded',
    customerId: change.payment.customerId,
    data: paymentEventData(change.payment),
    occurredAt: change.now,
  });
}
