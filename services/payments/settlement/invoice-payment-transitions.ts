import type { InvoiceId } from '../../../domain/ids';
import type { SqlTransaction } from '../../../infra/db/sql';
import {
  applyPaymentToInvoice,
  changeInvoice,
  voidLockedInvoice,
  type InvoiceOutcome,
  type InvoiceRecord,
  type InvoiceSql,
} from '../../billing/invoices';
import type { CanceledCheckoutNotice } from '../checkout';
import { cancelOpenProviderPayments, insertManualPayment, recordPaymentSucceeded } from '../records';
import { releaseVoidedInvoicePayments } from './voided-invoice-payments';

/**
 * DRAFT or OPEN → VOIDED with `invoice.voided`, in one transaction with what it means for the invoice's payments:
 * its open provider checkouts fail as `canceled` (and, once committed, `notice` has their provider checkouts ended),
 * and what payments had paid on it (a short payment) becomes their customer credit. The invoice's own side (credit
 * it consumed given back, nothing due) is billing's.
 */
export async function voidInvoice(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
  notice: CanceledCheckoutNotice,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return cancelingCheckouts(sql, { invoiceId, action: 'void', now, notice }, async (transaction, invoice) => {
    await releaseVoidedInvoicePayments(sql, transaction, { invoice, now });
    return voidLockedInvoice(sql, transaction, { invoice, now });
  });
}

/**
 * OPEN → PAID: a SUCCEEDED MANUAL payment for what was due with its `payment.succeeded` (every succeeded payment has
 * one, whoever collected it), then `invoice.paid`. Its open provider checkouts fail as `canceled`, and are ended at
 * the provider once committed (`notice`).
 */
export async function markInvoicePaid(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
  notice: CanceledCheckoutNotice,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return cancelingCheckouts(sql, { invoiceId, action: 'mark_paid', now, notice }, async (transaction, invoice) => {
    const due = invoice.amountDueMinor;
    if (due > 0n) {
      const payment = await insertManualPayment(sql, transaction, {
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        amountMinor: due,
        currency: invoice.currency,
        now,
      });
      await recordPaymentSucceeded(sql, transaction, { payment, now });
    }
    return (await applyPaymentToInvoice(sql, transaction, { invoice, amountMinor: due, now })).invoice;
  });
}

/**
 * An invoice change that first cancels the invoice's open provider checkouts in its transaction, then, once it
 * committed, hands the canceled payments to `notice` (outside the transaction: a provider call never holds the
 * invoice's lock).
 */
async function cancelingCheckouts(
  sql: InvoiceSql,
  request: { invoiceId: InvoiceId; action: 'void' | 'mark_paid'; now: Date; notice: CanceledCheckoutNotice },
  change: (transaction: SqlTransaction, invoice: InvoiceRecord) => Promise<InvoiceRecord>,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  let canceled: string[] = [];
  const outcome = await changeInvoice(sql, {
    invoiceId: request.invoiceId,
    action: request.action,
    change: async (sql, transaction, invoice) => {
      canceled = await cancelOpenProviderPayments(sql, transaction, { invoiceId: invoice.id, now: request.now });
      return change(transaction, invoice);
    },
  });
  if (outcome.ok && canceled.length > 0) await request.notice(sql.tenantId, canceled);
  return outcome;
}
