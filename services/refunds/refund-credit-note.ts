import { createCreditNote } from '../credit-notes';
import { findPayment } from '../payments';
import { findRefund, type RefundRecord, type RefundSql } from './refund-records';
import { recordRefundCreditNote } from './refund-writes';

/**
 * The credit note a refund asked for (`createCreditNote`, CONTRACT §11): FINALIZED, reason OTHER, for the refunded
 * amount, on the payment's invoice, once the refund SUCCEEDED. It runs after the refund's own commit, in the credit
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
  const outcome = await createCreditNote(sql, {
    invoiceId: payment.invoiceId,
    reason: 'OTHER',
    amountMinor: refund.amountMinor,
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
