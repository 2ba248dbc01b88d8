import { presentMajorUnits } from '../../domain/money';
import type { SqlTransaction } from '../../infra/db/sql';
import { addRefundedAmount, lockPayment, paymentEventData, type PaymentRecord } from '../payments';
import { recordEvent } from '../webhooks';
import { bookRefundCreditNote } from './refund-credit-note';
import { matchNotifiedRefund } from './refund-matching';
import { findRefund, type RefundRecord, type RefundSql } from './refund-records';
import { settleRefundRow } from './refund-writes';

export interface RefundOutcome {
  refundId: string;
  outcome: 'succeeded' | 'failed';
  /** The provider's id of the refund when its answer carries one; an id already stored is kept when null. */
  providerRefundId: string | null;
  failureReason: string | null;
  now: Date;
}

/** `changed` is false when the refund was already SUCCEEDED or FAILED: the outcome was a repeat and did nothing. */
export interface AppliedRefund {
  refund: RefundRecord;
  changed: boolean;
}

/**
 * A PENDING refund reaches its final state inside the caller's transaction, the payment row already locked.
 * Success adds the amount to `amountRefunded`, makes the payment PARTIALLY_REFUNDED or REFUNDED and records
 * `payment.refunded` in the outbox in the same transaction; failure only marks the refund (it frees the cap).
 */
export async function settleLockedRefund(
  sql: RefundSql,
  transaction: SqlTransaction,
  settle: { payment: PaymentRecord; refund: RefundRecord; outcome: Omit<RefundOutcome, 'refundId'> },
): Promise<RefundRecord> {
  const { payment, refund, outcome } = settle;
  const succeeded = outcome.outcome === 'succeeded';
  const settled = await settleRefundRow(sql, transaction, {
    refundId: refund.id,
    status: succeeded ? 'SUCCEEDED' : 'FAILED',
    providerRefundId: outcome.providerRefundId,
    failureReason: outcome.failureReason ?? 'refused by the provider',
    now: outcome.now,
  });
  if (!succeeded) return settled;
  const record = await addRefundedAmount(sql, transaction, {
    payment,
    amountMinor: refund.amountMinor,
    now: outcome.now,
  });
  const money = (amount: bigint) => presentMajorUnits({ amount, currency: record.currency });
  await recordEvent(sql, transaction, {
    type: 'payment.refunded',
    data: {
      ...paymentEventData(record),
      amountRefunded: money(record.amountRefundedMinor),
      refund: { id: settled.id, amount: money(settled.amountMinor) },
    },
    occurredAt: outcome.now,
  });
  return settled;
}

/**
 * Applies a refund's final outcome once: a SUCCEEDED or FAILED refund never changes again, so a repeated
 * notification, or a notification racing the provider's synchronous answer, changes nothing. Undefined when the
 * refund does not exist. A credit note asked for is booked after the commit (see `bookRefundCreditNote`); a repeat
 * books it if a crash left it out, since that step is idempotent.
 */
export async function applyRefundOutcome(sql: RefundSql, input: RefundOutcome): Promise<AppliedRefund | undefined> {
  const known = await findRefund(sql, input.refundId);
  if (known === undefined) return undefined;
  const applied = await sql.transactional(async (transaction): Promise<AppliedRefund> => {
    const payment = await lockPayment(sql, transaction, known.paymentId);
    const refund = await findRefund(sql, input.refundId, { transaction, lock: true });
    if (payment === undefined || refund === undefined) throw new Error(`refund ${input.refundId} lost its rows`);
    if (refund.status !== 'PENDING') return { refund, changed: false };
    return { refund: await settleLockedRefund(sql, transaction, { payment, refund, outcome: input }), changed: true };
  });
  return { ...applied, refund: await bookRefundCreditNote(sql, applied.refund, input.now) };
}

/** What a verified provider notification says about one of a payment's refunds (H3a's payment workflow). */
export interface RefundNotification {
  paymentId: string;
  /** Our `re_…` id when the provider echoed it; otherwise the refund is found by `providerRefundId`. */
  refundId: string | null;
  providerRefundId: string | null;
  /** The refunded amount in minor units when the notification states it (Paystack), to match a refund by. */
  amountMinor?: bigint | null;
  outcome: 'succeeded' | 'failed';
  failureReason: string | null;
  now: Date;
}

export type RefundNotificationResult =
  | { applied: true; refund: RefundRecord; changed: boolean }
  /** Not one of this payment's refunds (made in the provider's dashboard, or another payment's): no effect. */
  | { applied: false; reason: 'unknown_refund' };

/** The refund the notification names (refund-matching.ts: our id, the provider's, then the amount). */
async function refundNamedBy(sql: RefundSql, notification: RefundNotification): Promise<RefundRecord | undefined> {
  return matchNotifiedRefund(sql, notification);
}

/**
 * A provider's refund notification (Stripe `refund.updated`, Paystack `refund.processed|failed`, the M-Pesa reversal
 * result): finds the refund by our id or the provider's, checks it belongs to the payment the notification was
 * routed to, and applies the outcome once.
 */
export async function applyRefundNotification(
  sql: RefundSql,
  notification: RefundNotification,
): Promise<RefundNotificationResult> {
  const refund = await refundNamedBy(sql, notification);
  if (refund === undefined || refund.paymentId !== notification.paymentId)
    return { applied: false, reason: 'unknown_refund' };
  const applied = await applyRefundOutcome(sql, {
    refundId: refund.id,
    outcome: notification.outcome,
    providerRefundId: notification.providerRefundId,
    failureReason: notification.failureReason,
    now: notification.now,
  });
  if (applied === undefined) return { applied: false, reason: 'unknown_refund' };
  return { applied: true, ...applied };
}
