import { createCreditNote, voidCreditNote } from '../../billing/credit-notes';
import { findPayment } from '../records';
import { findRefund, type RefundRecord, type RefundSql } from './refund-records';
import { recordRefundCreditNote } from './refund-writes';

/**
 * The credit note a refund asked for (`createCreditNote`, CONTRACT §11): FINALIZED, reason OTHER, for the refunded
 * money that had paid the invoice, on the payment's invoice, once the refund SUCCEEDED. It runs after the refund's own commit, in the credit
 * notes' transaction (which locks the invoice first, as every invoice writer does), so the refund never waits on an
 * invoice lock and never holds the payment lock while taking one.
 *
 * The refund completes whatever the credit note rules say: when they refuse (the invoice is not PAID any more, its
 * credit notes already reach its total) the refund keeps why in `creditNoteSkippedReason` and nothing else changes.
 * The credit note's idempotency key is the refund id, so a repeated call (a repeated notification after a crash
 * between the two commits) books it at most once.
 */
export async function bookRefundCreditNote(sql: RefundSql, refund: RefundRecord, now: Date): Promise<RefundRecord> {
  const due =
    refund.status === 'SUCCEEDED' &&
    refund.createCreditNote &&
    refund.creditNoteId === null &&
    refund.creditNoteSkippedReason === null;
  if (!due) return refund;
  const payment = await findPayment(sql, refund.paymentId);
  if (payment === undefined) throw new Error(`refund ${refund.id} has no payment ${refund.paymentId}`);
  // Only money that had paid the invoice is credited on it; what came back from the payment's unused customer
  // credit never paid this invoice.
  const paidMinor = refund.amountMinor - refund.creditMinor;
  if (paidMinor <= 0n) {
    const skippedReason = 'nothing_paid: the refund gave back customer credit, none of the money that paid the invoice';
    await recordRefundCreditNote(sql, { refundId: refund.id, creditNoteId: null, skippedReason, now });
    return (await findRefund(sql, refund.id)) ?? refund;
  }
  const outcome = await createCreditNote(sql, {
    invoiceId: payment.invoiceId,
    reason: 'OTHER',
    amountMinor: paidMinor,
    description: `Refund ${refund.id} of payment ${payment.id}`,
    finalize: true,
    refunded: true,
    idempotencyKey: `refund:${refund.id}`,
    now,
  });
  await recordRefundCreditNote(sql, {
    refundId: refund.id,
    creditNoteId: outcome.ok ? outcome.value.id : null,
    skippedReason: outcome.ok ? null : `${outcome.error}: ${outcome.message}`,
    now,
  });
  return (await findRefund(sql, refund.id)) ?? refund;
}

/**
 * After a refund's outcome: books the credit note a succeeded refund asked for, or voids the one a refund had booked
 * before the provider failed it after all (a void that is refused, or already done, changes nothing).
 */
export async function followRefundCreditNote(sql: RefundSql, refund: RefundRecord, now: Date): Promise<RefundRecord> {
  if (refund.status === 'SUCCEEDED') return bookRefundCreditNote(sql, refund, now);
  if (refund.status === 'FAILED' && refund.creditNoteId !== null) await voidCreditNote(sql, refund.creditNoteId, now);
  return refund;
}
