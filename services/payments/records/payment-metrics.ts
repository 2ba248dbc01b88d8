import { afterCommit } from '../../../infra/db/commit-tasks';
import type { SqlTransaction } from '../../../infra/db/sql';
import { notePayment, type PaymentOutcome } from '../../../infra/metrics';
import type { PaymentRecord } from './payment-records';

/** Counts a payment that reached an end, once its transaction has committed (a rolled-back change counts nothing). */
export async function countPaymentEnd(
  transaction: SqlTransaction,
  payment: Pick<PaymentRecord, 'provider'>,
  outcome: PaymentOutcome,
): Promise<void> {
  await afterCommit(transaction, () => {
    notePayment({ provider: payment.provider, outcome });
    return Promise.resolve();
  });
}
