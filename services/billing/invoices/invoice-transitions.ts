import { checkInvoiceTransition, type InvoiceAction } from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { recordCustomerEvent } from '../../catalog/customers';
import { returnConsumedCustomerCredit } from '../../catalog/customer-credit';
import { returnInvoiceConsumption } from '../wallets';
import type { InvoiceOutcome } from './invoice-outcome';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { findInvoice, saveInvoiceState } from './invoice-store';
import { invoiceView } from './invoice-view';

type Change = (sql: InvoiceSql, transaction: SqlTransaction, invoice: InvoiceRecord) => Promise<InvoiceRecord>;

/**
 * Locks the invoice, checks the transition, applies `change`; the row lock orders it after any concurrent one. The
 * invoice is locked first, as every writer of an invoice and its payments takes the locks.
 */
export async function changeInvoice(
  sql: InvoiceSql,
  input: { invoiceId: string; action: InvoiceAction; change: Change },
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return sql.transactional(async (transaction): Promise<InvoiceOutcome<InvoiceRecord>> => {
    const invoice = await findInvoice(sql, input.invoiceId, { transaction, forUpdate: true });
    if (invoice === undefined) return { ok: false, error: { code: 'invoice_not_found' } };
    const refusal = checkInvoiceTransition(invoice.status, input.action);
    if (refusal !== undefined) return { ok: false, error: refusal };
    return { ok: true, value: await input.change(sql, transaction, invoice) };
  });
}

/**
 * The invoice's side of a void (DRAFT or OPEN → VOIDED) in the caller's transaction: nothing stays due, the customer
 * credit and wallet credits it consumed at finalize go back to the lots they came from, and `invoice.voided`. What its payments had paid
 * is the payments' business (services/payments/settlement).
 */
export async function voidLockedInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  change: { invoice: InvoiceRecord; now: Date },
): Promise<InvoiceRecord> {
  const { invoice, now } = change;
  await returnConsumedCustomerCredit(sql, transaction, {
    customerId: invoice.customerId,
    currency: invoice.currency,
    invoiceId: invoice.id,
  });
  await returnInvoiceConsumption(sql, transaction, { invoiceId: invoice.id, now });
  const voided = await saveInvoiceState(sql, transaction, {
    invoice,
    changes: { status: 'VOIDED', voidedAt: now, amountDueMinor: 0n, finalizeAfter: null },
    now,
  });
  await recordCustomerEvent(sql, transaction, {
    type: 'invoice.voided',
    customerId: voided.customerId,
    data: invoiceView(voided),
    occurredAt: now,
  });
  return voided;
}

/**
 * Money paid on a locked invoice, in the caller's transaction: its amount paid grows and its amount due shrinks by
 * `amountMinor` (at most what is due); PAID with `invoice.paid` once nothing is due (so 0 on an invoice with
 * nothing due marks it paid). Invoices never touch payment
 * rows: the payment that brought the money is its caller's.
 */
export async function applyPaymentToInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  payment: { invoice: InvoiceRecord; amountMinor: bigint; now: Date },
): Promise<{ invoice: InvoiceRecord; paid: boolean }> {
  const { invoice, amountMinor, now } = payment;
  const remainingDueMinor = invoice.amountDueMinor - amountMinor;
  if (amountMinor < 0n || remainingDueMinor < 0n) {
    throw new Error(`Invoice ${invoice.id} cannot take ${amountMinor} of ${invoice.amountDueMinor} due`);
  }
  const paid = remainingDueMinor === 0n;
  const saved = await saveInvoiceState(sql, transaction, {
    invoice,
    changes: {
      amountPaidMinor: invoice.amountPaidMinor + amountMinor,
      amountDueMinor: remainingDueMinor,
      ...(paid ? { status: 'PAID' as const, paidAt: now } : {}),
    },
    now,
  });
  if (paid) {
    await recordCustomerEvent(sql, transaction, {
      type: 'invoice.paid',
      customerId: saved.customerId,
      data: invoiceView(saved),
      occurredAt: now,
    });
  }
  return { invoice: saved, paid };
}

/**
 * The invoice locked for the caller's transaction: a checkout takes it before looking for an open payment, so two
 * concurrent checkouts of one invoice make one payment; settlement, refunds and credit notes take it first, as every
 * writer does.
 */
export async function lockInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<InvoiceRecord | undefined> {
  return findInvoice(sql, invoiceId, { transaction, forUpdate: true });
}
