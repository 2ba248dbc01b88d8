import type { InvoiceStatus } from '../invoices/invoice-status';
import { computeAmountDue } from '../invoices/invoice-totals';

/** The money columns of the invoice a credit note is against, as locked in the transaction. */
export interface CreditedInvoice {
  status: InvoiceStatus;
  totalMinor: bigint;
  amountCreditedMinor: bigint;
  /** What wallet credits paid at finalize: like a payment, it stays when a credit note lowers the invoice. */
  prepaidCreditAmountMinor: bigint;
  amountPaidMinor: bigint;
  amountDueMinor: bigint;
}

/** What finalizing or voiding a credit note does to its invoice and to the customer's credit. */
export interface CreditSettlement {
  amountCreditedMinor: bigint;
  amountDueMinor: bigint;
  /** The invoice's status afterwards. */
  status: InvoiceStatus;
  /** Finalize: the part granted as customer credit. Void: the part granted before, to take back. */
  customerCreditMinor: bigint;
}

/** Same rule as the invoice's own: what is still owed, never below zero. */
const amountDue = (invoice: CreditedInvoice, amountCreditedMinor: bigint): bigint =>
  computeAmountDue({ ...invoice, amountCreditedMinor });

/**
 * Finalizing a credit note of `amountMinor`: `amountCredited` grows by the whole note. On an OPEN invoice it lowers
 * `amountDue` as far as zero, the rest (if any) becomes customer credit, and an invoice whose due reaches zero this
 * way is PAID. On a PAID invoice nothing is owed, so the whole note becomes customer credit.
 */
export function settleFinalizedCreditNote(invoice: CreditedInvoice, amountMinor: bigint): CreditSettlement {
  const amountCreditedMinor = invoice.amountCreditedMinor + amountMinor;
  if (invoice.status !== 'OPEN') {
    return {
      amountCreditedMinor,
      amountDueMinor: invoice.amountDueMinor,
      status: invoice.status,
      customerCreditMinor: amountMinor,
    };
  }
  const amountDueMinor = amountDue(invoice, amountCreditedMinor);
  const lowered = invoice.amountDueMinor - amountDueMinor;
  const appliedMinor = lowered < 0n ? 0n : lowered > amountMinor ? amountMinor : lowered;
  return {
    amountCreditedMinor,
    amountDueMinor,
    status: appliedMinor > 0n && amountDueMinor === 0n ? 'PAID' : 'OPEN',
    customerCreditMinor: amountMinor - appliedMinor,
  };
}

export type VoidSettlement =
  { ok: true; value: CreditSettlement } | { ok: false; error: 'invalid_state_transition'; message: string };

/**
 * Voiding a FINALIZED credit note undoes its finalize: `amountCredited` shrinks by the note, the part that went to
 * customer credit (`grantedMinor`) is to be taken back, and the part that lowered `amountDue` raises it again. A PAID
 * invoice settled by credit alone (nothing paid) is OPEN again; one the customer paid after the credit is refused,
 * since reopening it would ask for money on an invoice already paid in full. An UNCOLLECTIBLE invoice is still owed
 * (it can be paid), so its `amountDue` rises too and it stays UNCOLLECTIBLE; only a VOIDED one owes nothing.
 */
export function settleVoidedCreditNote(
  invoice: CreditedInvoice,
  note: { amountMinor: bigint; grantedMinor: bigint },
): VoidSettlement {
  const amountCreditedMinor = invoice.amountCreditedMinor - note.amountMinor;
  const customerCreditMinor = note.grantedMinor;
  if (invoice.status !== 'OPEN' && invoice.status !== 'PAID' && invoice.status !== 'UNCOLLECTIBLE') {
    const value = { amountCreditedMinor, amountDueMinor: invoice.amountDueMinor, status: invoice.status };
    return { ok: true, value: { ...value, customerCreditMinor } };
  }
  const amountDueMinor = amountDue(invoice, amountCreditedMinor);
  if (invoice.status === 'PAID' && amountDueMinor > 0n && invoice.amountPaidMinor > 0n) {
    return {
      ok: false,
      error: 'invalid_state_transition',
      message:
        'The invoice was paid after this credit note lowered its amount due; voiding it would reopen a paid invoice',
    };
  }
  const status = amountDueMinor > 0n && invoice.status === 'PAID' ? 'OPEN' : invoice.status;
  return { ok: true, value: { amountCreditedMinor, amountDueMinor, status, customerCreditMinor } };
}
