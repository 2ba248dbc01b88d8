import type { SqlTransaction } from '../../../infra/db/sql';
import { lockInvoice } from '../../billing/invoices';
import { findPaymentInvoiceId, lockPayment, type PaymentRecord } from '../records';
import type { RefundSql } from './refund-records';

/**
 * The payment row locked for a refund's transaction, its invoice locked first. Every writer of an invoice's money
 * locks in one order, invoice → payment → customer (settlement, void, mark-paid, credit notes), and a refund touches
 * all three (its payment, the customer's credit lots, credit naming the invoice), so it takes the invoice too:
 * without it, a refund holding the payment and the customer deadlocks with a void or a credit note holding the
 * invoice and waiting for the customer. A payment's invoice never changes, so reading it unlocked first is safe.
 */
export async function lockPaymentAndInvoice(
  sql: RefundSql,
  transaction: SqlTransaction,
  paymentId: string,
): Promise<PaymentRecord | undefined> {
  const invoiceId = await findPaymentInvoiceId(sql, paymentId, transaction);
  if (invoiceId === undefined) return undefined;
  await lockInvoice(sql, transaction, invoiceId);
  return lockPayment(sql, transaction, paymentId);
}
