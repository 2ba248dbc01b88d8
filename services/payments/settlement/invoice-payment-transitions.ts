import type { InvoiceId } from '../../../domain/ids';
import {
  applyPaymentToInvoice,
  changeInvoice,
  voidLockedInvoice,
  type InvoiceOutcome,
  type InvoiceRecord,
  type InvoiceSql,
} from '../../billing/invoices';
import { recordCustomerEvent } from '../../catalog/customers';
import { cancelOpenProviderPayments, insertManualPayment, paymentEventData } from '../records';
import { releaseVoidedInvoicePayments } from './voided-invoice-payments';

/**
 * DRAFT or OPEN → VOIDED with `invoice.voided`, in one transaction with what it means for the invoice's payments:
 * its open provider checkouts fail as `canceled`, and what payments had paid on it (a short payment) becomes their
 * customer credit. The invoice's own side (credit it consumed given back, nothing due) is billing's.
 */
export async function voidInvoice(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return changeInvoice(sql, {
    invoiceId,
    action: 'void',
    change: async (sql, transaction, invoice) => {
      await cancelOpenProviderPayments(sql, transaction, { invoiceId: invoice.id, now });
      await releaseVoidedInvoicePayments(sql, transaction, { invoice, now });
      return voidLockedInvoice(sql, transaction, { invoice, now });
    },
  });
}

/**
 * OPEN → PAID: a SUCCEEDED MANUAL payment for what was due with its `payment.succeeded` (every succeeded payment has
 * one, whoever collected it), then `invoice.paid`. Its open provider checkouts fail as `canceled`.
 */
export async function markInvoicePaid(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return changeInvoice(sql, {
    invoiceId,
    action: 'mark_paid',
    change: async (sql, transaction, invoice) => {
      await cancelOpenProviderPayments(sql, transaction, { invoiceId: invoice.id, now });
      const due = invoice.amountDueMinor;
      if (due > 0n) {
        const payment = await insertManualPayment(sql, transaction, {
          invoiceId: invoice.id,
          customerId: invoice.customerId,
          amountMinor: due,
          currency: invoice.currency,
          now,
        });
        await recordCustomerEvent(sql, transaction, {
          type: 'payment.succeeded',
          customerId: payment.customerId,
          data: paymentEventData(payment),
          occurredAt: now,
        });
      }
      return (await applyPaymentToInvoice(sql, transaction, { invoice, amountMinor: due, now })).invoice;
    },
  });
}
