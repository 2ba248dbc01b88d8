import type { SqlTransaction } from '../../../infra/db/sql';
import { grantCustomerCredit } from '../../catalog/customer-credit';
import type { InvoiceRecord, InvoiceSql } from '../../billing/invoices';
import { changeAppliedAmount, lockPaymentsPayingInvoice } from '../records';

/**
 * A voided invoice is paid by nothing: what its payments had paid on it (a provider that took less than was due)
 * becomes each payment's customer credit, refundable by that payment, usable by the next invoice. Payments are
 * locked after the invoice and before the customer, the order every writer of these rows keeps.
 */
export async function releaseVoidedInvoicePayments(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  voided: { invoice: InvoiceRecord; now: Date },
): Promise<void> {
  const { invoice, now } = voided;
  const payments = await lockPaymentsPayingInvoice(sql, transaction, invoice.id);
  for (const payment of payments) {
    await changeAppliedAmount(sql, transaction, {
      paymentId: payment.id,
      deltaMinor: -payment.amountAppliedMinor,
      now,
    });
    await grantCustomerCredit(sql, transaction, {
      customerId: payment.customerId,
      currency: payment.currency,
      amountMinor: payment.amountAppliedMinor,
      invoiceId: invoice.id,
      paymentId: payment.id,
    });
  }
}
