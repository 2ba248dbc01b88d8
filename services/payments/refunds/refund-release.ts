import type { SqlTransaction } from '../../../infra/db/sql';
import { grantCustomerCredit, returnRefundedCredit } from '../../catalog/customer-credit';
import { findInvoice } from '../../billing/invoices';
import { restoreRefundedCredits } from '../../billing/wallets';
import { changeAppliedAmount, type PaymentRecord } from '../records';
import type { RefundRecord, RefundSql } from './refund-records';

/**
 * A refund that failed (at once, or after it had succeeded) gives the money it took back to where it came from: the
 * payment's customer credit to its lots, the rest to what the payment pays on its invoice (and the bought wallet
 * credits it had taken back to the wallet); when that invoice was
 * voided meanwhile, the rest becomes the payment's customer credit instead (a voided invoice is paid by nothing).
 * The caller holds the payment row locked.
 */
export async function releaseRefundedMoney(
  sql: RefundSql,
  transaction: SqlTransaction,
  owner: { payment: PaymentRecord; refund: RefundRecord; now: Date },
): Promise<void> {
  const { payment, refund, now } = owner;
  await restoreRefundedCredits(sql, transaction, { invoiceId: payment.invoiceId, refundId: refund.id, now });
  await returnRefundedCredit(sql, transaction, {
    customerId: payment.customerId,
    currency: refund.currency,
    refundId: refund.id,
  });
  const appliedMinor = refund.amountMinor - refund.creditMinor;
  if (appliedMinor <= 0n) return;
  const invoice = await findInvoice(sql, payment.invoiceId, { transaction });
  if (invoice?.status !== 'VOIDED') {
    await changeAppliedAmount(sql, transaction, { paymentId: payment.id, deltaMinor: appliedMinor, now });
    return;
  }
  await grantCustomerCredit(sql, transaction, {
    customerId: payment.customerId,
    currency: refund.currency,
    amountMinor: appliedMinor,
    invoiceId: payment.invoiceId,
    paymentId: payment.id,
    refundId: refund.id,
  });
}
