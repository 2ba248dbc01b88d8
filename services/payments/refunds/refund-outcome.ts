import { presentMajorUnits } from '../../../domain/money';
import type { ProviderRefundOutcome } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import { addRefundedAmount, paymentEventData, type PaymentRecord } from '../records';
import { lockPaymentAndInvoice } from './refund-locks';
import { releaseRefundedMoney } from './refund-release';
import { recordCustomerEvent } from '../../catalog/customers';
import { followRefundCreditNote } from './refund-credit-note';
import { matchNotifiedRefund } from './refund-matching';
import { findRefund, type RefundRecord, type RefundSql } from './refund-records';
import { settleRefundRow } from './refund-writes';

export interface RefundOutcome {
  refundId: string;
  outcome: ProviderRefundOutcome;
  /** The provider's id of the refund when its answer carries one; an id already stored is kept when null. */
  providerRefundId: string | null;
  failureReason: string | null;
  now: Date;
  /**
   * The provider's own API reported this outcome (not only a notification). A SUCCEEDED refund is undone only on a
   * verified failure: where a provider has no refund-status API, a failure claimed after a success is not believed
   * (believing a forged one would make the money refundable twice); it is logged for an operator instead.
   */
  verified?: boolean;
}

/** `changed` is false when the refund was already SUCCEEDED or FAILED: the outcome was a repeat and did nothing. */
export interface AppliedRefund {
  refund: RefundRecord;
  changed: boolean;
}

/**
 * A PENDING refund reaches its final state inside the caller's transaction, the payment row already locked.
 * Success adds the amount to `amountRefunded`, makes the payment PARTIALLY_REFUNDED or REFUNDED and records
 * `payment.refunded` in the outbox in the same transaction; failure gives the money the refund had reserved back to
 * where it came from (the payment's credit, or what it pays on its invoice).
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
  if (!succeeded) {
    await releaseRefundedMoney(sql, transaction, { payment, refund, now: outcome.now });
    return settled;
  }
  const record = await addRefundedAmount(sql, transaction, {
    payment,
    amountMinor: refund.amountMinor,
    now: outcome.now,
  });
  await recordRefundEvent(sql, transaction, {
    type: 'payment.refunded',
    payment: record,
    refund: settled,
    now: outcome.now,
  });
  return settled;
}

/**
 * A refund the provider reports failed after it had reported it succeeded (Stripe `refund.updated` to `failed`):
 * the money did not go back after all, so everything its success did is undone: `amountRefunded` and the payment's
 * status, the money returns to where the refund took it from, and `payment.refund_failed` tells the tenant.
 */
async function reverseLockedRefund(
  sql: RefundSql,
  transaction: SqlTransaction,
  reverse: { payment: PaymentRecord; refund: RefundRecord; outcome: Omit<RefundOutcome, 'refundId'> },
): Promise<RefundRecord> {
  const { payment, refund, outcome } = reverse;
  const failed = await settleRefundRow(sql, transaction, {
    refundId: refund.id,
    status: 'FAILED',
    providerRefundId: outcome.providerRefundId,
    failureReason: `failed after succeeding: ${outcome.failureReason ?? 'reported failed by the provider'}`,
    now: outcome.now,
  });
  await releaseRefundedMoney(sql, transaction, { payment, refund, now: outcome.now });
  const record = await addRefundedAmount(sql, transaction, {
    payment,
    amountMinor: -refund.amountMinor,
    now: outcome.now,
  });
  await recordRefundEvent(sql, transaction, {
    type: 'payment.refund_failed',
    payment: record,
    refund: failed,
    now: outcome.now,
  });
  return failed;
}

async function recordRefundEvent(
  sql: RefundSql,
  transaction: SqlTransaction,
  event: {
    type: 'payment.refunded' | 'payment.refund_failed';
    payment: PaymentRecord;
    refund: RefundRecord;
    now: Date;
  },
): Promise<void> {
  const { payment, refund } = event;
  const money = (amount: bigint) => presentMajorUnits({ amount, currency: payment.currency });
  await recordCustomerEvent(sql, transaction, {
    type: event.type,
    customerId: payment.customerId,
    data: {
      ...paymentEventData(payment),
      amountRefunded: money(payment.amountRefundedMinor),
      refund: { id: refund.id, amount: money(refund.amountMinor) },
    },
    occurredAt: event.now,
  });
}

/**
 * Applies a refund's outcome once (locks: invoice, payment, refund, then the customer): PENDING settles either way; SUCCEEDED can still fail (the provider reversed it,
 * and its API says so: `verified`), which undoes its effect; a FAILED refund never changes again, nor a SUCCEEDED one on a repeated success. So a
 * repeated notification, or a notification racing the provider's synchronous answer, changes nothing. Undefined when
 * the refund does not exist. A credit note asked for is booked after the commit (see `bookRefundCreditNote`), and
 * voided again when the refund is reversed; a repeat does either if a crash left it out, since both are idempotent.
 */
export async function applyRefundOutcome(sql: RefundSql, input: RefundOutcome): Promise<AppliedRefund | undefined> {
  const known = await findRefund(sql, input.refundId);
  if (known === undefined) return undefined;
  const applied = await sql.transactional(async (transaction): Promise<AppliedRefund> => {
    const payment = await lockPaymentAndInvoice(sql, transaction, known.paymentId);
    const refund = await findRefund(sql, input.refundId, { transaction, lock: true });
    if (payment === undefined || refund === undefined) throw new Error(`refund ${input.refundId} lost its rows`);
    if (refund.status === 'PENDING') {
      return { refund: await settleLockedRefund(sql, transaction, { payment, refund, outcome: input }), changed: true };
    }
    if (refund.status === 'SUCCEEDED' && input.outcome === 'failed' && input.verified === true) {
      return {
        refund: await reverseLockedRefund(sql, transaction, { payment, refund, outcome: input }),
        changed: true,
      };
    }
    return { refund, changed: false };
  });
  return { ...applied, refund: await followRefundCreditNote(sql, applied.refund, input.now) };
}

/** What a verified provider notification says about one of a payment's refunds (H3a's payment workflow). */
export interface RefundNotification {
  paymentId: string;
  /** Our `re_…` id when the provider echoed it; otherwise the refund is found by `providerRefundId`. */
  refundId: string | null;
  providerRefundId: string | null;
  /** The refunded amount in minor units when the notification states it (Paystack), to match a refund by. */
  amountMinor?: bigint | null;
  outcome: ProviderRefundOutcome;
  failureReason: string | null;
  now: Date;
  /** See `RefundOutcome.verified`. */
  verified?: boolean;
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
    ...(notification.verified === undefined ? {} : { verified: notification.verified }),
  });
  if (applied === undefined) return { applied: false, reason: 'unknown_refund' };
  return { applied: true, ...applied };
}
