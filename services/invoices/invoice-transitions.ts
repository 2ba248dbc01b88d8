import type { InvoiceId } from '../../domain/ids';
import { checkInvoiceTransition, type InvoiceAction } from '../../domain/invoices';
import type { SqlTransaction } from '../../infra/db/sql';
import { recordEvent } from '../webhooks';
import { returnConsumedCustomerCredit } from '../customer-credit';
import { releaseVoidedInvoicePayments } from './voided-invoice-payments';
import { cancelOpenProviderPayments, insertManualPayment } from '../payments';
import { paymentEventData } from '../payments';
import type { InvoiceOutcome } from './invoice-outcome';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { readInvoice, saveInvoiceState } from './invoice-store';
import { invoiceView } from './invoice-view';

type Change = (sql: InvoiceSql, transaction: SqlTransaction, invoice: InvoiceRecord) => Promise<InvoiceRecord>;

/** Locks the invoice, checks the transition, applies it; the row lock orders it after any concurrent one. */
async function transition(
  sql: InvoiceSql,
  input: { invoiceId: string; action: InvoiceAction; change: Change },
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return sql.transactional(async (transaction): Promise<InvoiceOutcome<InvoiceRecord>> => {
    const invoice = await readInvoice(sql, input.invoiceId, { transaction, forUpdate: true });
    if (invoice === undefined) return { ok: false, error: { code: 'invoice_not_found' } };
    const refusal = checkInvoiceTransition(invoice.status, input.action);
    if (refusal !== undefined) return { ok: false, error: refusal };
    return { ok: true, value: await input.change(sql, transaction, invoice) };
  });
}

/**
 * DRAFT or OPEN → VOIDED with `invoice.voided`; nothing stays due on a voided invoice. In the same transaction the
 * customer credit it consumed at finalize goes back to the lots it came from, and what payments had paid on it (a
 * short payment) becomes their customer credit. Its open provider checkouts fail as `canceled` (CONTRACT §11).
 */
export async function voidInvoice(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return transition(sql, {
    invoiceId,
    action: 'void',
    change: async (sql, transaction, invoice) => {
      await cancelOpenProviderPayments(sql, transaction, { invoiceId: invoice.id, now });
      await releaseVoidedInvoicePayments(sql, transaction, invoice);
      await returnConsumedCustomerCredit(sql, transaction, {
        customerId: invoice.customerId,
        currency: invoice.currency,
        invoiceId: invoice.id,
      });
      const voided = await saveInvoiceState(sql, transaction, {
        ...invoice,
        status: 'VOIDED',
        voidedAt: now,
        amountDueMinor: 0n,
        finalizeAfter: null,
      });
      await recordEvent(sql, transaction, { type: 'invoice.voided', data: invoiceView(voided), occurredAt: now });
      return voided;
    },
  });
}

/**
 * OPEN → PAID: a SUCCEEDED MANUAL payment for what was due with its `payment.succeeded` (every succeeded payment has
 * one, whoever collected it), then `invoice.paid`. Its open provider checkouts fail as `canceled` (CONTRACT §11).
 */
export async function markInvoicePaid(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return transition(sql, {
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
        await recordEvent(sql, transaction, {
          type: 'payment.succeeded',
          data: paymentEventData(payment),
          occurredAt: now,
        });
      }
      const paid = await saveInvoiceState(sql, transaction, {
        ...invoice,
        status: 'PAID',
        amountPaidMinor: invoice.amountPaidMinor + due,
        amountDueMinor: 0n,
        paidAt: now,
      });
      await recordEvent(sql, transaction, { type: 'invoice.paid', data: invoiceView(paid), occurredAt: now });
      return paid;
    },
  });
}
